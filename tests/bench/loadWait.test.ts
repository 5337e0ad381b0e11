/**
 * @jest-environment node
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  loadWaitCost,
  loadWaitTable,
  SLOW_RESOURCE_MS,
  SLOW_RESOURCE_PATH,
  slowResourceHandler,
  withSlowResource,
  type LoadWaitMedians,
} from '../../bench/loadWait';

const MEDIANS: LoadWaitMedians = {
  federated: { load: 300, usable: 900, stripe: 950 },
  now: { load: 700, usable: 850, stripe: 920 },
  slow: { load: NaN, usable: 2600, stripe: 2650 },
  slowNow: { load: NaN, usable: 860, stripe: 930 },
};

describe("what waiting for the page's load costs", () => {
  it('is the waiting page against the page that does not wait, on each kind of page', () => {
    expect(loadWaitCost(MEDIANS)).toEqual({
      fast: { usableMs: 50, stripeMs: 30, ratio: 900 / 850 },
      slow: { usableMs: 1740, stripeMs: 1720, ratio: 2600 / 860 },
    });
  });

  it('prints both kinds of page side by side, a load that did not fire as –', () => {
    const lines = loadWaitTable(MEDIANS);
    const cells = (label: string) =>
      lines
        .find((l) => l.startsWith(label))!
        .slice(26)
        .trim()
        .split(/\s+/);
    expect(cells('own resources fast')).toEqual(['300', '900', '950', '700', '850', '920', '50', '30', '1.06']);
    expect(cells(`a resource of ${SLOW_RESOURCE_MS} ms`)).toEqual(['–', '2600', '2650', '–', '860', '930', '1740', '1720', '3.02']);
  });
});

describe('the slow page', () => {
  it('has its slow image last in its body', () => {
    expect(withSlowResource('<body><div id=root></div></body></html>')).toBe(
      `<body><div id=root></div><img src="${SLOW_RESOURCE_PATH}" alt="" width="1" height="1"></body></html>`,
    );
  });

  // A response as far as the handler uses it.
  function exchange(url: string) {
    const res = Object.assign(new EventEmitter(), { writeHead: jest.fn(), end: jest.fn() });
    res.writeHead.mockReturnValue(res);
    const handled = slowResourceHandler({ url } as IncomingMessage, res as unknown as ServerResponse);
    return { handled, res };
  }

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('answers the image only after SLOW_RESOURCE_MS, and nothing else', () => {
    expect(exchange('/other').handled).toBe(false);
    const { handled, res } = exchange(SLOW_RESOURCE_PATH);
    expect(handled).toBe(true);
    jest.advanceTimersByTime(SLOW_RESOURCE_MS - 1);
    expect(res.end).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(res.writeHead).toHaveBeenCalledWith(200, expect.objectContaining({ 'Content-Type': 'image/gif' }));
    expect(res.end).toHaveBeenCalledTimes(1);
  });

  it('answers nothing to a visit that ended first', () => {
    const { res } = exchange(SLOW_RESOURCE_PATH);
    res.emit('close');
    jest.advanceTimersByTime(SLOW_RESOURCE_MS);
    expect(res.end).not.toHaveBeenCalled();
  });
});
