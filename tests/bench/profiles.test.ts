/**
 * @jest-environment node
 */
import { describeProfile, PROFILES, stripeDelayMs } from '../../bench/profiles';

describe("the bench's profiles", () => {
  const profile = (name: string) => PROFILES.find((p) => p.name === name)!;

  it('runs 4g and mobile on a phone-speed CPU (4× slower), loopback at full speed', () => {
    expect(PROFILES.map((p) => [p.name, p.rttMs, p.cpuRate])).toEqual([
      ['loopback', 0, 1],
      ['4g', 80, 4],
      ['mobile', 150, 4],
    ]);
  });

  it('says what each emulates, and Stripe.js waits what the same network would cost it', () => {
    expect(describeProfile(profile('mobile'))).toBe(
      '150 ms round trip, 1.6 Mbit/s down (CDP emulation), CPU 4× slower; Stripe.js answered after 800 ms',
    );
    expect(describeProfile(profile('loopback'))).toBe('loopback, no network throttling; Stripe.js answered at once');
    expect(stripeDelayMs(profile('4g'))).toBe(347);
  });
});
