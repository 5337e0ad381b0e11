// Exposed as `checkout/mount`: for hosts without React, or on another React major.
import { createRoot } from 'react-dom/client';
import type { CheckoutButtonProps, MountedCheckout } from './types';
import { CheckoutButton } from './ui/CheckoutButton';

export type { CheckoutButtonProps, MountedCheckout } from './types';

/** Renders the button into `target` with the remote's own renderer (preact/compat: build/standaloneReact.ts). The target's children are replaced. */
export function mount(target: HTMLElement, props: CheckoutButtonProps): MountedCheckout {
  const root = createRoot(target);
  let current = props;
  let mounted = true;
  root.render(<CheckoutButton {...current} />);
  return {
    update(next) {
      if (!mounted) return;
      current = { ...current, ...next };
      root.render(<CheckoutButton {...current} />);
    },
    unmount() {
      if (!mounted) return;
      mounted = false;
      root.unmount();
    },
  };
}

export default mount;
