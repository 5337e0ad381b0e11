import { createStore } from '../src/store';

describe('createStore', () => {
  it('gives the value set, and tells every subscriber until it unsubscribes', () => {
    const store = createStore(1);
    const seen: number[] = [];
    const stop = store.subscribe(() => seen.push(store.get()));
    store.set(2);
    stop();
    store.set(3);
    expect(store.get()).toBe(3);
    expect(seen).toEqual([2]);
  });

  it('a listener that throws does not stop the others nor the caller; its error surfaces on its own task', () => {
    jest.useFakeTimers();
    try {
      const store = createStore('a');
      const after = jest.fn();
      store.subscribe(() => {
        throw new Error('host listener bug');
      });
      store.subscribe(after);
      expect(() => store.set('b')).not.toThrow();
      expect(after).toHaveBeenCalledTimes(1);
      expect(() => jest.runAllTimers()).toThrow('host listener bug');
    } finally {
      jest.useRealTimers();
    }
  });
});
