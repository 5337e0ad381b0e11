// The checkout slot: the remote's button once it is there, a fallback with Try again when it is not.
// The page around it never waits for the remote and never breaks with it.
import { Component, useEffect, useState, type ReactNode } from 'react';
import type { CheckoutButtonProps } from 'checkout/CheckoutButton';
import type { CheckoutLoader, CheckoutModule } from './checkoutRemote';

type Remote = { status: 'loading' } | { status: 'ready'; module: CheckoutModule } | { status: 'failed'; error: Error };

function Fallback({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="fallback" data-testid="remote-fallback">
      <p role="alert">Checkout is unavailable right now.</p>
      <button type="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** A render error inside the remote's button costs the slot, not the page. */
class Boundary extends Component<{ fallback: (reset: () => void) => ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}

export interface CheckoutSlotProps extends CheckoutButtonProps {
  /** The remote's load, started as early as the page could (see index.ts). */
  load: CheckoutLoader;
  onRemoteError?: (error: Error) => void;
}

export function CheckoutSlot({ load, onRemoteError, ...props }: CheckoutSlotProps) {
  const [remote, setRemote] = useState<Remote>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    load(attempt > 0).then(
      (module) => live && setRemote({ status: 'ready', module }),
      (error: Error) => {
        // Only the live effect reports: StrictMode's first, discarded effect fails too.
        if (!live) return;
        onRemoteError?.(error);
        setRemote({ status: 'failed', error });
      },
    );
    return () => {
      live = false;
    };
  }, [load, attempt, onRemoteError]);

  const retry = () => {
    setRemote({ status: 'loading' });
    setAttempt((n) => n + 1);
  };

  if (remote.status === 'loading') return <p className="slot-loading" aria-busy="true">Loading checkout…</p>;
  if (remote.status === 'failed') return <Fallback onRetry={retry} />;
  const { CheckoutButton } = remote.module;
  return (
    <Boundary fallback={(reset) => <Fallback onRetry={() => (reset(), retry())} />}>
      <CheckoutButton {...props} />
    </Boundary>
  );
}
