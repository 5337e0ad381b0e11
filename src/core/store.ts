// The one observable value every store in src is made of: get, set, subscribe.
import { callHost } from './hostCallback';

export type Listener<T> = (value: T) => void;

/** Functions, not methods: none uses `this`, so each may be passed on alone (`useSyncExternalStore(store.subscribe, store.get)`). */
export interface Store<T> {
  get: () => T;
  set: (next: T) => void;
  /** The listener gets every value set after it subscribed, once each, in the order they were set. */
  subscribe: (listener: Listener<T>) => () => void;
}

/**
 * Values set while a delivery is under way (a listener that retries on `rejected`) wait in a queue
 * until every listener has heard the value before them: no listener misses a value, none hears them
 * out of order. A listener that throws stops neither the others nor the code that set the value.
 */
export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  // A wrapper per subscription: the same function subscribed twice is called twice, unsubscribed once each.
  const listeners = new Set<{ listener: Listener<T> }>();
  const queue: T[] = [];
  let delivering = false;

  const deliver = (next: T) => {
    for (const entry of Array.from(listeners)) {
      // Unsubscribed by an earlier listener of this same delivery: it hears nothing more.
      if (!listeners.has(entry)) continue;
      callHost(entry.listener, next);
    }
  };

  return {
    get: () => value,
    set(next) {
      value = next;
      queue.push(next);
      if (delivering) return;
      delivering = true;
      try {
        while (queue.length > 0) deliver(queue.shift() as T);
      } finally {
        delivering = false;
      }
    },
    subscribe(listener) {
      const entry = { listener };
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
  };
}
