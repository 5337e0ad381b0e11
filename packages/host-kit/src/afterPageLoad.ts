// Scripts that do not hold the page's `load` event. A script element inserted before `load` delays
// it until its request ends, and a server that accepts and never answers holds it for minutes
// (measured in Chromium: removing the element, or changing its `src`, does not release it; a
// `fetch`, a `<link rel="preload">` or `modulepreload` never holds it). So before `load` a script
// the runtime adds is fetched at once by a preload link, and put in the page under a type that is no
// script type (the browser neither fetches nor runs it). As soon as the preload's response is in, or
// at `load`, whichever comes first, it gets its own type back and is put back in its place, which
// makes the browser run it (from the preload's response when that is in): a remote that answers runs
// without waiting for a slow resource of the page's own, one that never answers never holds `load`.
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { isRemote } from './isRemote.js';

/** The runtime's own bound on a waiting script (its timer starts before `load`): ours fails it first. */
const RUNTIME_TIMEOUT_MS = 600_000;
/** The runtime's bound on a script when a plugin names none. */
const RUNTIME_DEFAULT_TIMEOUT_MS = 20_000;

/** Not a script type: an element of this type is neither fetched nor run. */
export const WAITING_TYPE = 'text/x-after-load';

/**
 * How long the remote waits for the page's `load` before it starts anyway: on a page whose own
 * resources hang (a third party's script that never answers, say) `load` never comes, and the button
 * must. Past it, a remote that never answers holds `load` as any late script of the page does.
 */
export const LOAD_WAIT_MS = 2_000;

let loaded: Promise<void> | undefined;

/** Resolves once the page's `load` event has fired, or LOAD_WAIT_MS after the first call, whichever is first. */
export function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return (loaded ??= new Promise((resolve) => {
    window.addEventListener('load', () => resolve(), { once: true });
    setTimeout(resolve, LOAD_WAIT_MS);
  }));
}

/** Starts `url`'s request now without holding `load`, with the script's own integrity and CORS mode. */
function preload(script: HTMLScriptElement, url: string): HTMLLinkElement {
  const link = document.createElement('link');
  const module = script.type === 'module';
  link.rel = module ? 'modulepreload' : 'preload';
  if (!module) link.as = 'script';
  if (script.integrity) link.integrity = script.integrity;
  if (script.crossOrigin !== null) link.crossOrigin = script.crossOrigin;
  if (script.nonce) link.nonce = script.nonce;
  link.href = url;
  document.head.append(link);
  return link;
}

/**
 * `script` (with its `src`, integrity and attributes set) as it may go into the page now: as it is
 * once the page has loaded; before, waiting under WAITING_TYPE until its preload's response is in or
 * the page has loaded. Its `load` and `error` events come as usual, once it ran.
 */
export function runAfterPageLoad(script: HTMLScriptElement): HTMLScriptElement {
  if (document.readyState === 'complete') return script;
  const url = script.src;
  const type = script.getAttribute('type');
  const link = preload(script, url);
  script.type = WAITING_TYPE;
  let released = false;
  const release = () => {
    if (released || !script.isConnected) return; // run already, or given up on meanwhile
    released = true;
    if (type === null) script.removeAttribute('type');
    else script.type = type;
    // A script element is prepared when it is put in a page, and one never prepared as a script (its
    // type was none) then runs. Putting it back touches no Trusted Types sink: no `src` is set again.
    script.parentNode?.insertBefore(script, script.nextSibling);
  };
  // A preload that failed releases nothing: the script's own request would fail or hang the same way, at `load`.
  link.addEventListener('load', release, { once: true });
  void pageLoaded().then(release);
  return script;
}

type CreateScriptArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['createScript']>>[0];

/** The script the runtime would make from its arguments (what it does when a plugin gives none). */
function runtimeScript({ url, attrs }: CreateScriptArgs): HTMLScriptElement {
  const script = document.createElement('script');
  script.type = attrs?.type === 'module' ? 'module' : 'text/javascript';
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (name === 'async' || name === 'defer') (script as unknown as Record<string, unknown>)[name] = value;
    else if (!script.hasAttribute(name)) script.setAttribute(name, String(value));
  }
  script.src = url;
  return script;
}

/**
 * `plugin` with every script it creates for `remote` (or lets the runtime create) run after the
 * page's `load`. Its `timeout` (the runtime's 20 s without one) then counts from `load`.
 */
export function scriptsAfterPageLoad(plugin: ModuleFederationRuntimePlugin, remote: string): ModuleFederationRuntimePlugin {
  const createScript = plugin.createScript;
  return {
    ...plugin,
    createScript(args) {
      const answer = createScript?.call(plugin, args);
      if (!isRemote(args.remoteInfo, remote) || document.readyState === 'complete') return answer;
      const given = answer instanceof HTMLScriptElement ? answer : answer && 'script' in answer ? answer.script : undefined;
      const timeout = answer && !(answer instanceof HTMLScriptElement) && 'timeout' in answer ? answer.timeout : undefined;
      const script = runAfterPageLoad(given ?? runtimeScript(args));
      failAfter(script, timeout ?? RUNTIME_DEFAULT_TIMEOUT_MS);
      // The runtime's own timer starts now; ours, from `load`, is the one that fails the script.
      return { script, timeout: RUNTIME_TIMEOUT_MS };
    },
  };
}

/** After `load`, `ms` for the script to answer; then it fails as an unreachable script does (`error`). */
function failAfter(script: HTMLScriptElement, ms: number): void {
  let settled = false;
  const settle = () => (settled = true);
  script.addEventListener('load', settle, { once: true });
  script.addEventListener('error', settle, { once: true });
  void pageLoaded().then(() => {
    const timer = setTimeout(() => {
      if (!settled) script.dispatchEvent(new Event('error'));
    }, ms);
    const stop = () => clearTimeout(timer);
    script.addEventListener('load', stop, { once: true });
    script.addEventListener('error', stop, { once: true });
  });
}
