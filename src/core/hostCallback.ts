// Code we call but did not write (a host's callback, a store listener) must not stop ours: a load in
// flight, a click's flow. Its error is rethrown on its own task, where the page's error reporting sees it.

export function callHost<A extends unknown[]>(callback: ((...args: A) => unknown) | undefined, ...args: A): void {
  if (!callback) return;
  try {
    callback(...args);
  } catch (error) {
    setTimeout(() => {
      throw error;
    });
  }
}
