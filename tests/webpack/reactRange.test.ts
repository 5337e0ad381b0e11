/**
 * @jest-environment node
 */
// The React range the remote consumes, checked with the function that decides at runtime: the
// federation runtime's own `satisfy` (the remote's container negotiates its shares through it,
// whatever bundler the host has). Version strings are real ones (what React and Next.js publish
// and what their builds say of themselves), but for the next major, which is not out.
import { satisfy } from '@module-federation/runtime-core';
import { REACT_RANGE, reactShares, remoteReactShares } from '../../webpack/federation';

const ACCEPTED = [
  '18.3.0',
  '18.3.1',
  '19.0.0',
  '19.3.1',
  '18.3.1-next-f1338f8080-20240426', // react-dom 18.3.1's version of itself (its React DevTools renderer)
  '18.3.0-canary-a870b2d54-20240314', // React's canary channel before it was numbered 19
  '19.0.0-rc-de68d2f4-20241204', // the release candidate Next.js 15 pinned (still in next 16's peer range)
  '19.0.0-rc.1',
  '19.0.0-beta-26f2496093-20240514',
  '19.3.0-canary-278794d7-20261002', // the React that next 16.4.6's App Router runs
];

const REFUSED = [
  '17.0.2',
  '18.2.0',
  '18.2.0-next-2c68776ab-20220525',
  // The next major, not published yet: its canaries will be numbered like 19's were.
  '20.0.0',
  '20.0.0-canary-278794d7-20261002',
  '20.0.0-rc.1',
];

describe(`the remote's React range (${REACT_RANGE})`, () => {
  it.each(ACCEPTED)('accepts %s', (version) => {
    expect(satisfy(version, REACT_RANGE)).toBe(true);
  });

  it.each(REFUSED)('refuses %s', (version) => {
    expect(satisfy(version, REACT_RANGE)).toBe(false);
  });

  it('is the range of every React share, the remote’s and the hosts’', () => {
    const ranges = [...Object.values(remoteReactShares), ...Object.values(reactShares)].map((share) => share.requiredVersion);
    expect(new Set(ranges)).toEqual(new Set([REACT_RANGE]));
  });

  it('says -0 because two caret ranges refuse the prereleases of 18.3.0 and 19.0.0 themselves', () => {
    const carets = '^18.3.0 || ^19.0.0';
    expect(['18.3.0-canary-a870b2d54-20240314', '19.0.0-rc.1', '19.0.0-rc-de68d2f4-20241204'].map((v) => satisfy(v, carets))).toEqual([
      false,
      false,
      false,
    ]);
  });
});
