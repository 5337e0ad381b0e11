import { useEffect, useRef } from 'react';

/**
 * A signal aborted when the component unmounts, so nothing in flight acts afterwards.
 * A fresh controller per effect run: StrictMode's simulated unmount must not poison the real mount.
 */
export function useLifetimeSignal(): { readonly current: AbortController } {
  const ref = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    ref.current = controller;
    return () => controller.abort();
  }, []);
  return ref;
}
