import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { CheckoutLoader } from '../src/checkoutRemote';
import { OrderPage } from '../src/OrderPage';
import { offerOf } from '../src/offers';
import { useOrderToShow } from '../src/OrderStatus';
import { DemoPanel, useDemo } from './DemoPanel';
import { exposeUnmount } from './recorder';

function DemoPage({ load }: { load: CheckoutLoader }) {
  const { order, completed } = useOrderToShow();
  const demo = useDemo(completed);
  return (
    <OrderPage load={load} order={order} offer={offerOf(location.search)} checkout={demo.propsFor(0)} onRemoteError={demo.onRemoteError}>
      <DemoPanel demo={demo} load={load} />
    </OrderPage>
  );
}

export function start(load: CheckoutLoader): void {
  const root = createRoot(document.getElementById('root')!);
  root.render(
    <StrictMode>
      <DemoPage load={load} />
    </StrictMode>,
  );
  exposeUnmount(root); // the browser tests unmount the page
}
