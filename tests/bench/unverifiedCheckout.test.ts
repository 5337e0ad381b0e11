/**
 * @jest-environment node
 */
// The bench's `unverified` page replaces the host example's checkoutRemote.ts at build time: a missing
// export would only show as a page that never renders its button.
import * as real from '../../host-example/src/checkoutRemote';
import * as unverified from '../../bench/unverifiedCheckout';

it('bench/unverifiedCheckout.ts has every export of host-example/src/checkoutRemote.ts', () => {
  expect(Object.keys(unverified).sort()).toEqual(Object.keys(real).sort());
});
