// The one observable value every store in src is made of: get, set, subscribe.

export interface Store<T> {
  get(): T;
  set(next: T): void;
  subscribe(listener: () => void): () => void;
}

/**
 * A listener that throws must not stop the others nor the code that set the value (a load in
 * flight, a click): its error is rethrown on its own task, where the page's error reporting sees it.
 */
export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      value = next;
      for (const listener of Array.from(listeners)) {
        try {
          listener();
        } catch (error) {
          setTimeout(() => {
            throw error;
          });
        }
      }
    },
    subscribe(listener) {
      // A wrapper per subscription: the same function subscribed twice is called twice, unsubscribed once each.
      const entry = () => listener();
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
  };
}
