// Adds the element's one tag (`checkout-button.js`) without holding the page's `load` event: a
// script element inserted before `load` delays it until its request ends, which for a server that
// accepts and never answers is minutes (measured in Chromium: removing the tag does not release it).
// So the request starts at once as a module preload, which does not delay `load`, and the tag waits
// under a type that is no script type until the preload's response is in (then it runs from it, at
// once) or the page has loaded: the host kit's runAfterPageLoad, as for the federated remote's
// scripts. A remote that never answers never holds `load`; one that answers is not kept waiting for
// the page's own resources (waiting for `load` cost the element about half a second on a phone).

import { pageLoaded, runAfterPageLoad } from '../afterPageLoad.js';
import { SCRIPT_REFUSED_EVENT, type FailedScript } from './reportFailedScripts.js';

export interface CheckoutElementOptions {
  /** The release's `checkout-button.js` (a release directory's, not a channel's: integrity pins bytes). */
  src: string;
  /** Its `sha384-…` from the release inventory; `'off'` runs whatever the URL serves (the opt-out). */
  integrity: `sha384-${string}` | 'off';
  /** From the tag's insertion (after `load`) to the element defined; default 10000. */
  timeoutMs?: number;
  /** The page's CSP nonce, if its `script-src` uses one. */
  nonce?: string;
}

export const ELEMENT_NAME = 'checkout-button';
export const DEFAULT_ELEMENT_TIMEOUT_MS = 10_000;
/**
 * The Trusted Types policy the tag's URL goes through where the browser has them and the page has no
 * `default` policy: it vouches only for URLs the page's own code gave `loadCheckoutElement`.
 */
export const ELEMENT_POLICY = 'checkout-element';

interface ScriptUrlPolicy {
  createScriptURL(url: string): unknown;
}
type TrustedTypesWindow = Window & {
  trustedTypes?: {
    readonly defaultPolicy: unknown;
    createPolicy(name: string, rules: { createScriptURL(url: string): string }): ScriptUrlPolicy;
  };
};

const given = new Set<string>();
let policy: ScriptUrlPolicy | null | undefined;

/**
 * `script.src = url`. Where the browser has Trusted Types and the page no `default` policy, through
 * ELEMENT_POLICY (made once, as the remote makes its own: a plain string tried first would be a
 * violation report on every strict page); else the string, which a `default` policy vouches for.
 * Throws, saying what to allow, when the page takes neither.
 */
function setTrustedSrc(script: HTMLScriptElement, url: string): void {
  const factory = (window as TrustedTypesWindow).trustedTypes;
  if (factory && !factory.defaultPolicy && policy !== null) {
    given.add(url);
    try {
      policy ??= factory.createPolicy(ELEMENT_POLICY, {
        createScriptURL(candidate) {
          if (given.has(candidate)) return candidate;
          throw new TypeError(`The ${ELEMENT_POLICY} policy only vouches for the URLs the page gave loadCheckoutElement.`);
        },
      });
    } catch {
      policy = null; // not allowed here: a page that does not enforce Trusted Types takes the string
    }
    if (policy) {
      (script as unknown as { src: unknown }).src = policy.createScriptURL(url);
      return;
    }
  }
  try {
    script.src = url;
  } catch {
    throw new Error(
      `Trusted Types refused ${url}: the page has no default policy and does not allow "${ELEMENT_POLICY}" (add it to its trusted-types directive); the form stays.`,
    );
  }
}

function withIntegrity<T extends HTMLScriptElement | HTMLLinkElement>(element: T, options: CheckoutElementOptions): T {
  if (options.integrity !== 'off') element.integrity = options.integrity;
  element.crossOrigin = 'anonymous';
  if (options.nonce) element.nonce = options.nonce;
  return element;
}

/**
 * A modulepreload fills the module map with the bytes it fetched, checked only against its own
 * `integrity`; a later module script of that URL is served from the map, its `integrity` unchecked
 * (measured in Chromium). So a page preload without the same integrity is refused as an outage is:
 * nothing runs, the form stays, and the page's reportFailedScripts hears of it.
 */
function refuseUncheckedPreload(url: string, link: HTMLLinkElement, integrity: string): Error {
  window.dispatchEvent(new CustomEvent<FailedScript>(SCRIPT_REFUSED_EVENT, { detail: { reason: 'preload-unchecked', url } }));
  const has = link.integrity ? `integrity="${link.integrity}"` : 'no integrity';
  return new Error(
    `${url} is preloaded by the page's <link rel="modulepreload"> with ${has}, so the browser would run it unchecked: not run; the form stays. Put integrity="${integrity}" on that link.`,
  );
}

/**
 * Defines `<checkout-button>` from `options.src`; resolves when it is defined, rejects when the file
 * failed (unreachable, or its bytes are not `integrity`'s) or took longer than `timeoutMs`. The
 * element's children (the form that pays) stay in every failure.
 */
export function loadCheckoutElement(options: CheckoutElementOptions): Promise<void> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_ELEMENT_TIMEOUT_MS;
  if (customElements.get(ELEMENT_NAME)) return Promise.resolve();
  // A page's own `<link rel="modulepreload">` of it must carry the same integrity, or its bytes would run unchecked.
  const url = new URL(options.src, document.baseURI).href;
  const unchecked =
    options.integrity === 'off'
      ? undefined
      : Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')).find(
          (link) => link.href === url && link.integrity !== options.integrity,
        );
  if (unchecked && options.integrity !== 'off') return Promise.reject(refuseUncheckedPreload(url, unchecked, options.integrity));
  return new Promise<void>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = (error?: Error) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    void customElements.whenDefined(ELEMENT_NAME).then(() => done());
    const script = withIntegrity(document.createElement('script'), options);
    script.type = 'module';
    script.addEventListener(
      'error',
      () => done(new Error(`${options.src} did not load (unreachable, or not the bytes its integrity names); the form stays.`)),
      { once: true },
    );
    try {
      setTrustedSrc(script, options.src);
    } catch (refused) {
      done(refused instanceof Error ? refused : new Error(String(refused)));
      return;
    }
    // Its preload (a modulepreload of the same URL, integrity and CORS mode as the page's own, which
    // Chromium answers from the one module map entry) is asked for now; the tag runs on its arrival.
    document.head.append(runAfterPageLoad(script));
    // The bound counts from `load` (or the kit's own bound on it), as the runtime hosts' do.
    void pageLoaded().then(() => {
      timer = setTimeout(
        () => done(new Error(`${options.src} did not define <${ELEMENT_NAME}> within ${timeoutMs} ms; the form stays.`)),
        timeoutMs,
      );
    });
  });
}
