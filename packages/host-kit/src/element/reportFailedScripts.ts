// A script that fails to load (its integrity refused it, or it was unreachable) fires `error` on its
// element, which does not bubble: listen in the capture phase, before the tags are added.

export interface FailedScript {
  reason: 'script-failed';
  url: string;
}

/** Calls `report` for each script with an `integrity` that failed to load; returns how to stop. */
export function reportFailedScripts(report: (failure: FailedScript) => void): () => void {
  const listener = (event: Event) => {
    const element = event.target;
    if (!(element instanceof HTMLScriptElement) || !element.integrity) return;
    report({ reason: 'script-failed', url: element.src });
  };
  window.addEventListener('error', listener, true);
  return () => window.removeEventListener('error', listener, true);
}
