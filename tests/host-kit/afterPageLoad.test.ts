// Scripts that never hold the page's `load`: before it, a script the runtime adds waits under a type
// that is no script type (fetched at once by a preload with its integrity); at `load` it gets its type
// back and is put back in its place (which makes a browser run it: no `src` set again, so no Trusted
// Types sink), and its bound counts from then.
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { runAfterPageLoad, scriptsAfterPageLoad, WAITING_TYPE } from '@checkout/host-kit';

const URL_ = 'https://cdn.example/checkout/remoteEntry.js';
type CreateScriptArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['createScript']>>[0];

function readyState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => state });
}
/** How many times `script` is put in the page from now on (each one prepares it again in a browser), and whether its `src` is set again. */
function watch(script: HTMLScriptElement) {
  const seen = { insertions: 0, srcSets: 0 };
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'childList' && Array.from(r.addedNodes).includes(script)) seen.insertions++;
      if (r.type === 'attributes' && r.target === script) seen.srcSets++;
    }
  });
  observer.observe(document.head, { childList: true });
  observer.observe(script, { attributeFilter: ['src'] });
  return { seen, stop: () => observer.disconnect() };
}
const loadEvent = async () => {
  readyState('complete');
  window.dispatchEvent(new Event('load'));
  await new Promise((resolve) => setTimeout(resolve, 0));
};

/** The kit as a page that has not loaded yet has it: the module remembers the page's `load` once seen. */
async function kitBeforeLoad(): Promise<typeof import('@checkout/host-kit')> {
  let kit!: typeof import('@checkout/host-kit');
  await jest.isolateModulesAsync(async () => {
    kit = await import('@checkout/host-kit');
  });
  return kit;
}

afterEach(() => {
  document.head.innerHTML = '';
  readyState('complete');
  jest.useRealTimers();
});

describe('runAfterPageLoad', () => {
  it('once the page has loaded, gives the script back as it is', () => {
    readyState('complete');
    const script = document.createElement('script');
    script.src = URL_;
    expect(runAfterPageLoad(script)).toBe(script);
    expect(script.getAttribute('type')).toBeNull();
    expect(document.head.querySelector('link')).toBeNull();
  });

  it('before, preloads its URL with its integrity and CORS mode, keeps it waiting, and at load restores its type and puts it back in its place', async () => {
    readyState('loading');
    const script = document.createElement('script');
    script.type = 'module';
    script.integrity = 'sha384-abc';
    script.crossOrigin = 'anonymous';
    script.src = URL_;
    document.head.append(runAfterPageLoad(script));
    const link = document.head.querySelector('link')!;
    expect([link.rel, link.href, link.integrity, link.crossOrigin]).toEqual(['modulepreload', URL_, 'sha384-abc', 'anonymous']);
    expect(script.type).toBe(WAITING_TYPE);
    const { seen, stop } = watch(script);
    await loadEvent();
    await Promise.resolve();
    stop();
    expect(script.type).toBe('module');
    expect(seen).toEqual({ insertions: 1, srcSets: 0 }); // put back: prepared again, and it runs
    expect(script.src).toBe(URL_);
    expect(script.parentNode).toBe(document.head);
  });

  it("before, runs it as soon as its preload's response is in, without waiting for load, and only once", async () => {
    readyState('loading');
    const { runAfterPageLoad } = await kitBeforeLoad();
    const script = document.createElement('script');
    script.src = URL_;
    document.head.append(runAfterPageLoad(script));
    const link = document.head.querySelector('link')!;
    const { seen, stop } = watch(script);
    link.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(script.getAttribute('type')).toBeNull();
    expect(seen).toEqual({ insertions: 1, srcSets: 0 });
    await loadEvent();
    stop();
    expect(seen).toEqual({ insertions: 1, srcSets: 0 }); // not put back again at load: it ran once
  });

  it('before, keeps it waiting when its preload fails: its own request runs at load', async () => {
    readyState('loading');
    const { runAfterPageLoad } = await kitBeforeLoad();
    const script = document.createElement('script');
    script.src = URL_;
    document.head.append(runAfterPageLoad(script));
    document.head.querySelector('link')!.dispatchEvent(new Event('error'));
    await Promise.resolve();
    expect(script.type).toBe(WAITING_TYPE);
    await loadEvent();
    expect(script.getAttribute('type')).toBeNull();
  });
});

describe('scriptsAfterPageLoad', () => {
  const args = (name = 'checkout'): CreateScriptArgs =>
    ({ url: URL_, attrs: { fetchpriority: 'high' }, remoteInfo: { name } }) as unknown as CreateScriptArgs;

  it('makes the script the runtime would have made when the plugin gives none, and hands the runtime a long bound of its own', () => {
    readyState('loading');
    const plugin = scriptsAfterPageLoad({ name: 'p', createScript: () => ({ timeout: 5000 }) }, 'checkout');
    const answer = plugin.createScript!(args()) as { script: HTMLScriptElement; timeout: number };
    expect(answer.script.src).toBe(URL_);
    expect(answer.script.getAttribute('fetchpriority')).toBe('high');
    expect(answer.script.type).toBe(WAITING_TYPE);
    expect(answer.timeout).toBeGreaterThan(5000);
  });

  it('fails a script that has not answered within the plugin’s bound, counted from `load`', async () => {
    readyState('loading');
    jest.useFakeTimers();
    const plugin = scriptsAfterPageLoad({ name: 'p', createScript: () => ({ timeout: 5000 }) }, 'checkout');
    const { script } = plugin.createScript!(args()) as { script: HTMLScriptElement };
    document.head.append(script);
    const failed = jest.fn();
    script.addEventListener('error', failed);
    jest.advanceTimersByTime(60_000); // the page takes its time to load: nothing fails meanwhile
    expect(failed).not.toHaveBeenCalled();
    readyState('complete');
    window.dispatchEvent(new Event('load'));
    await Promise.resolve();
    await Promise.resolve();
    jest.advanceTimersByTime(4999);
    expect(failed).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(failed).toHaveBeenCalledTimes(1);
  });

  it('leaves other remotes’ scripts, and every script once the page has loaded, to the plugin', () => {
    readyState('loading');
    const plugin = scriptsAfterPageLoad({ name: 'p', createScript: () => ({ timeout: 5000 }) }, 'checkout');
    expect(plugin.createScript!(args('other'))).toEqual({ timeout: 5000 });
    readyState('complete');
    expect(plugin.createScript!(args())).toEqual({ timeout: 5000 });
  });
});
