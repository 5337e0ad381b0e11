// The one-tag recipe's loader: the element's tag runs only once its preload's response is in or the
// page has loaded (a tag that ran before would hold `load` for as long as its server does not
// answer), with its integrity; every failure settles with a sentence, and a failed script with an
// integrity is reported.
import { loadCheckoutElement, reportFailedScripts } from '@checkout/host-kit/element';
import { WAITING_TYPE } from '@checkout/host-kit';

const SRC = 'https://cdn.example/checkout/releases/0.1.0/checkout-button.js';
const INTEGRITY = 'sha384-abc';

function readyState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => state });
}
const tags = () => Array.from(document.head.querySelectorAll<HTMLScriptElement>(`script[src="${SRC}"]`));
const preloads = () => Array.from(document.head.querySelectorAll<HTMLLinkElement>(`link[rel="modulepreload"][href="${SRC}"]`));

afterEach(() => {
  document.head.innerHTML = '';
  jest.useRealTimers();
});

describe('loadCheckoutElement', () => {
  it('rejects with the URL when the tag fails (unreachable, or not the bytes its integrity names)', async () => {
    readyState('complete');
    const loaded = loadCheckoutElement({ src: SRC, integrity: INTEGRITY, timeoutMs: 1000 }).catch((error: Error) => error);
    await new Promise((resolve) => setTimeout(resolve, 0));
    tags()[0].dispatchEvent(new Event('error'));
    expect(((await loaded) as Error).message).toContain(`${SRC} did not load`);
  });

  it('rejects after its bound, counted from the tag, when the element is never defined', async () => {
    jest.useFakeTimers();
    readyState('complete');
    const src = `${SRC}?never`;
    const loaded = loadCheckoutElement({ src, integrity: 'off', timeoutMs: 300 }).catch((error: Error) => error);
    await Promise.resolve();
    await Promise.resolve();
    expect(document.head.querySelector<HTMLScriptElement>('script')?.hasAttribute('integrity')).toBe(false);
    jest.advanceTimersByTime(300);
    expect(((await loaded) as Error).message).toBe(`${src} did not define <checkout-button> within 300 ms; the form stays.`);
  });

  it('runs the tag as soon as its preload’s response is in, before `load`, with the nonce on both', async () => {
    readyState('loading');
    const src = `${SRC}?early`;
    void loadCheckoutElement({ src, integrity: INTEGRITY, timeoutMs: 1000, nonce: 'n0nce' }).catch(() => undefined);
    const preload = document.head.querySelector<HTMLLinkElement>(`link[rel="modulepreload"][href="${src}"]`)!;
    const tag = document.head.querySelector<HTMLScriptElement>(`script[src="${src}"]`)!;
    expect(tag.type).toBe(WAITING_TYPE);
    expect([preload.nonce, tag.nonce]).toEqual(['n0nce', 'n0nce']);
    preload.dispatchEvent(new Event('load'));
    expect(tag.type).toBe('module');
    expect(tag.src).toBe(src);
  });

  it("refuses, reported, a file the page preloads without (or with another) integrity: the browser would run the preload's bytes unchecked", async () => {
    readyState('complete');
    const report = jest.fn();
    const stop = reportFailedScripts(report);
    for (const attribute of [null, 'sha384-other']) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = SRC;
      if (attribute) link.integrity = attribute;
      document.head.append(link);
      const error = (await loadCheckoutElement({ src: SRC, integrity: INTEGRITY }).catch((e: Error) => e)) as Error;
      expect(error.message).toBe(
        `${SRC} is preloaded by the page's <link rel="modulepreload"> with ${attribute ? `integrity="${attribute}"` : 'no integrity'}, so the browser would run it unchecked: not run; the form stays. Put integrity="${INTEGRITY}" on that link.`,
      );
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(tags()).toHaveLength(0);
      link.remove();
    }
    expect(report.mock.calls).toEqual([[{ reason: 'preload-unchecked', url: SRC }], [{ reason: 'preload-unchecked', url: SRC }]]);
    stop();
  });

  // Last: the element, once defined, stays defined in this document.
  it('starts the request at once as a module preload, and keeps the tag from running until `load`, both with the integrity', async () => {
    readyState('loading');
    const loaded = loadCheckoutElement({ src: SRC, integrity: INTEGRITY, timeoutMs: 1000 });
    expect(preloads()).toHaveLength(1);
    expect(preloads()[0].integrity).toBe(INTEGRITY);
    expect(preloads()[0].crossOrigin).toBe('anonymous');
    await Promise.resolve();
    expect(tags().map((t) => t.type)).toEqual([WAITING_TYPE]);

    readyState('complete');
    window.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const [tag] = tags();
    expect(tag.type).toBe('module');
    expect(tag.integrity).toBe(INTEGRITY);
    expect(tag.crossOrigin).toBe('anonymous');

    customElements.define('checkout-button', class extends HTMLElement {});
    await expect(loaded).resolves.toBeUndefined();
  });
});

describe('reportFailedScripts', () => {
  it('reports a failed script that carries an integrity (caught in the capture phase), not others, until stopped', () => {
    const report = jest.fn();
    const stop = reportFailedScripts(report);
    const pinned = document.createElement('script');
    pinned.integrity = INTEGRITY;
    pinned.src = SRC;
    const plain = document.createElement('script');
    plain.src = 'https://elsewhere.example/x.js';
    document.head.append(pinned, plain);
    pinned.dispatchEvent(new Event('error'));
    plain.dispatchEvent(new Event('error'));
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith({ reason: 'script-failed', url: SRC });
    stop();
    pinned.dispatchEvent(new Event('error'));
    expect(report).toHaveBeenCalledTimes(1);
  });
});
