// The bench's `direct` page replaces the host example's checkoutRemote.ts at build time: a missing
// export would only show as a page that never renders its button.
import * as real from '../../host-example/src/checkoutRemote';
import * as direct from '../../bench/directCheckout';

it('bench/directCheckout.ts has every export of host-example/src/checkoutRemote.ts', () => {
  expect(Object.keys(direct).sort()).toEqual(Object.keys(real).sort());
});
