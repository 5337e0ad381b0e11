import { createStore } from '../../src/core/store';

describe('createStore', () => {
  it('gives the value set, and tells every subscriber until it unsubscribes', () => {
    const store = createStore(1);
    const seen: number[] = [];
    const stop = store.subscribe((value) => seen.push(value));
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

  it('a listener that sets the store while a value is delivered: every listener hears every value, once, in order', () => {
    const store = createStore('pending');
    const first: string[] = [];
    const second: string[] = [];
    store.subscribe((value) => {
      first.push(value);
      // A host that retries on `rejected` from inside its listener.
      if (value === 'rejected') store.set('pending again');
    });
    store.subscribe((value) => second.push(value));
    store.set('rejected');
    expect(first).toEqual(['rejected', 'pending again']);
    expect(second).toEqual(['rejected', 'pending again']);
    expect(store.get()).toBe('pending again');
  });

  it('a listener unsubscribed during a delivery hears nothing more; one subscribed during it hears the later values only', () => {
    const store = createStore(0);
    const late: number[] = [];
    const stopped: number[] = [];
    let stopOther = () => {};
    store.subscribe((value) => {
      stopOther();
      if (value === 1) {
        store.subscribe((v) => late.push(v));
        store.set(2);
      }
    });
    stopOther = store.subscribe((value) => stopped.push(value));
    store.set(1);
    expect(stopped).toEqual([]);
    expect(late).toEqual([2]);
  });
});
