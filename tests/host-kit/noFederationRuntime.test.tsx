// A page with no federation runtime (no bundler plugin, no `init`): the real runtime refuses every call
// (RUNTIME-009). startCheckout does not throw into the page's entry; its load fails, saying what is
// missing, and the slot keeps the form that pays.
import { render, screen, waitFor } from '@testing-library/react';
import { startCheckout, type CheckoutLoader } from '@checkout/host-kit';
import { CheckoutSlot } from '@checkout/host-kit/react';

it('settles as a failed load with a message naming what is missing; the slot keeps its form', async () => {
  let load: CheckoutLoader<() => null> | undefined;
  expect(() => {
    load = startCheckout({ manifestUrl: 'https://cdn.example/checkout/mf-manifest.json', attempts: 3, timeoutMs: 1_000, verify: 'off' });
  }).not.toThrow();
  const onRemoteError = jest.fn();

  render(
    <CheckoutSlot load={load!} onRemoteError={onRemoteError} sessionEndpoint="/api/checkout-sessions" sessionBody={{ productId: 'p1' }}>
      Pay 12.00 €
    </CheckoutSlot>,
  );

  await waitFor(() => expect(onRemoteError).toHaveBeenCalledTimes(1));
  const error = onRemoteError.mock.calls[0][0] as Error;
  expect(error.message).toMatch(/^The checkout remote is unavailable: this page has no federation runtime \(add your bundler's /);
  expect(error.message).toMatch(/or call init\(\) from @module-federation\/runtime before startCheckout\)\.$/);
  expect((error.cause as Error).message).toMatch(/RUNTIME-009/);
  expect(screen.getByRole('button', { name: 'Pay 12.00 €' }).closest('form')).toHaveAttribute('action', '/api/checkout-sessions');
});
