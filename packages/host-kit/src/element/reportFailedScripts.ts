// A script that fails to load (its integrity refused it, or it was unreachable) fires `error` on its
// element, which does not bubble: listen in the capture phase, before the tags are added. The loader
// says on the window when it refused to run a file the page preloaded without its integrity.

export interface FailedScript {
  /** `script-failed`: refused by its integrity, or unreachable. `preload-unchecked`: the page's preload lacked the integrity. */
  reason: 'script-failed' | 'preload-unchecked';
  url: string;
}

/** Dispatched on `window` by loadCheckoutElement, its detail a FailedScript. */
export const SCRIPT_REFUSED_EVENT = 'checkout-script-refused';

/** Calls `report` for each script with an `integrity` that failed to load, or that the loader refused; returns how to stop. */
export function reportFailedScripts(report: (failure: FailedScript) => void): () => void {
  const listener = (event: Event) => {
    const element = event.target;
    if (!(element instanceof HTMLScriptElement) || !element.integrity) return;
    report({ reason: 'script-failed', url: element.src });
  };
  const refused = (event: Event) => report((event as CustomEvent<FailedScript>).detail);
  window.addEventListener('error', listener, true);
  window.addEventListener(SCRIPT_REFUSED_EVENT, refused);
  return () => {
    window.removeEventListener('error', listener, true);
    window.removeEventListener(SCRIPT_REFUSED_EVENT, refused);
  };
}
