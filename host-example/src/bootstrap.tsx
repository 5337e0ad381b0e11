// The page: an order and its checkout slot. The demo panel below it is demo-only (../demo).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { CheckoutModule } from './checkoutRemote';
import { CheckoutSlot } from './CheckoutSlot';
import { OrderStatus, useOrderToShow } from './OrderStatus';
import { DemoPanel, useDemo } from '../demo/DemoPanel';
import { exposeUnmount } from '../demo/recorder';

function Page({ load }: { load: (fresh: boolean) => Promise<CheckoutModule> }) {
  const { order, completed } = useOrderToShow();
  const demo = useDemo(completed);
  return (
    <main>
      <h1>Your order</h1>
      {order && <OrderStatus {...order} />}
      <p className="order">
        Coffee beans, 1 kg <strong>12.00 €</strong>
      </p>
      <CheckoutSlot load={load} onRemoteError={demo.onRemoteError} {...demo.propsFor(0)}>
        Pay 12.00 €
      </CheckoutSlot>
      <DemoPanel demo={demo} load={load} />
    </main>
  );
}

export function start(load: (fresh: boolean) => Promise<CheckoutModule>): void {
  const root = createRoot(document.getElementById('root')!);
  root.render(
    <StrictMode>
      <Page load={load} />
    </StrictMode>,
  );
  exposeUnmount(root); // demo-only: the browser tests unmount the page
}
