// Exposed as `checkout/mount`: for hosts without React, or on another React major.
import { createRoot } from 'react-dom/client';
import type { CheckoutButtonProps, MountedCheckout } from '../core/types';
import { CheckoutButton } from '../ui/CheckoutButton';

export type { CheckoutButtonProps, MountedCheckout } from '../core/types';

/**
 * Renders the button into `target` with the remote's own renderer (preact/compat:
 * webpack/standaloneReact.ts). The target's content (the host's fallback: a form that pays without us)
 * is taken out while the button is there, and put back when it goes (unmount) or cannot render.
 */
export function mount(target: HTMLElement, props: CheckoutButtonProps): MountedCheckout {
  const fallback = Array.from(target.childNodes);
  // Emptied first: the renderer would otherwise reuse the host's nodes for its own.
  target.replaceChildren();
  const root = createRoot(target);
  let current = props;
  let mounted = true;
  const restore = () => {
    mounted = false;
    try {
      root.unmount();
    } finally {
      target.replaceChildren(...fallback);
    }
  };
  const render = () => {
    try {
      root.render(<CheckoutButton {...current} />);
    } catch (error) {
      restore();
      throw error;
    }
  };
  render();
  return {
    update(next) {
      if (!mounted) return;
      current = { ...current, ...next };
      render();
    },
    unmount() {
      if (mounted) restore();
    },
  };
}

export default mount;
