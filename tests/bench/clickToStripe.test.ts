/**
 * @jest-environment node
 */
import { sentAtMs, type SentRequest } from '../../bench/clickToStripe';

const request = (startTime: number, responseStart: number, redirectedFrom: SentRequest | null = null): SentRequest => ({
  timing: () => ({ startTime, responseStart }),
  redirectedFrom: () => redirectedFrom,
});

describe("when the navigation to Stripe's page was sent", () => {
  it("is the request's own start, after the button's script set the location", () => {
    expect(sentAtMs(request(1_000_500, 20))).toBe(1_000_500);
  });

  it("is when the form post's 303 arrived, for the request that follows it (Playwright gives that one no timing)", () => {
    const post = request(1_000_000, 412);
    expect(sentAtMs(request(0, -1, post))).toBe(1_000_412);
  });

  it('is refused when there is nothing to read it from', () => {
    expect(() => sentAtMs(request(0, -1))).toThrow('neither a start time nor a redirect');
  });
});
