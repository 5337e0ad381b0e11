// The checkout slot: the remote's button once it is there; until then, and for good if the remote
// fails (or its button cannot render), a plain form that pays without it (PayForm.tsx). The page
// around it never waits for the remote and never breaks with it.
import { Component, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { CheckoutButtonProps } from '@checkout/remote-types';
import type { CheckoutLoader, CheckoutModule } from '../checkoutLoader.js';
import { PayForm, type CartLine } from './PayForm.js';

/** What the slot reads of the button's props (the remote's `CheckoutButtonProps` has them all). */
export interface SlotButtonProps {
  sessionEndpoint?: string;
  sessionBody?: object;
  lines?: readonly CartLine[];
  children?: ReactNode;
}

type Remote<P> = { status: 'loading' } | { status: 'ready'; module: CheckoutModule<ComponentType<P>> } | { status: 'failed'; error: Error };

/** A render error inside the remote's button costs the button, not the page: the form takes its place. */
class Boundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export type CheckoutSlotProps<P extends SlotButtonProps = CheckoutButtonProps> = P & {
  /** The remote's load, started as early as the page could (`startCheckout`). */
  load: CheckoutLoader<ComponentType<P>>;
  /** The remote could not be loaded (after its retries): for your monitoring; the person pays through the form. */
  onRemoteError?: (error: Error) => void;
};

export function CheckoutSlot<P extends SlotButtonProps = CheckoutButtonProps>({ load, onRemoteError, ...rest }: CheckoutSlotProps<P>) {
  const props = rest as unknown as P;
  const [remote, setRemote] = useState<Remote<P>>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    load().then(
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
  }, [load, onRemoteError]);

  const form = (
    <PayForm sessionEndpoint={props.sessionEndpoint} sessionBody={props.sessionBody} lines={props.lines}>
      {props.children}
    </PayForm>
  );
  if (remote.status !== 'ready') return form;
  const { CheckoutButton } = remote.module;
  return (
    <Boundary fallback={form}>
      <CheckoutButton {...props} />
    </Boundary>
  );
}
