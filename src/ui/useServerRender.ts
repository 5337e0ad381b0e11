import { useState, useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export interface ServerRender {
  /** True on the server and while the browser hydrates that HTML; false on a client render and once hydrated. */
  prerendering: boolean;
  /** This button's DOM came from a server render (its root keeps that element type for its whole life). */
  fromServer: boolean;
}

/**
 * Whether the HTML is the server's: React hands `getServerSnapshot`'s value to the server render and
 * to hydration (so both agree), then re-renders with the browser's. preact/compat (`./mount`) never
 * hydrates and reads `false`.
 */
export function useServerRender(): ServerRender {
  const prerendering = useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  );
  // The first render's value: a root element that changed type after hydration would be recreated,
  // taking the focus a person may have given its button before.
  const [fromServer] = useState(prerendering);
  return { prerendering, fromServer };
}
