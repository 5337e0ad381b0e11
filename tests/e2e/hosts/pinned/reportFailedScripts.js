// A script that fails to load (its integrity refused it, or it was unreachable) fires `error` on its
// element, which does not bubble: listen in the capture phase, from a classic script before the tags.
window.addEventListener(
  'error',
  (event) => {
    const element = event.target;
    if (!(element instanceof HTMLScriptElement) || !element.integrity) return;
    navigator.sendBeacon('/monitoring/refused-script', JSON.stringify({ reason: 'script-failed', url: element.src }));
  },
  true,
);
