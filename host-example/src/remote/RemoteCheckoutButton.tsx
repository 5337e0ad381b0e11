// The button from the remote, rendered as soon as its module has loaded: no React.lazy, no
// Suspense (React 19 throttles Suspense reveals by ~250 ms). Put it inside a RemoteBoundary: a
// failed load is thrown to it, so one fallback covers both a failed load and a failed render.
import { useEffect, useSyncExternalStore } from 'react';
import type { CheckoutButtonProps } from './checkoutTypes';
import type { CheckoutRemote } from './registerCheckoutRemote';

export interface RemoteCheckoutButtonProps extends CheckoutButtonProps {
  remote: CheckoutRemote;
}

export function RemoteCheckoutButton({ remote, ...props }: RemoteCheckoutButtonProps) {
  const snapshot = useSyncExternalStore(remote.subscribe, remote.getSnapshot);
  useEffect(() => remote.load(), [remote]);
  if (snapshot.status === 'failed') throw snapshot.error;
  if (snapshot.status !== 'loaded') {
    return (
      <div className="remote-loading" data-testid="remote-loading" role="status" aria-busy="true">
        <span className="remote-loading-bar" aria-hidden="true" />
        <span className="sr-only">Loading checkout…</span>
      </div>
    );
  }
  const { CheckoutButton } = snapshot.module;
  return <CheckoutButton {...props} />;
}
