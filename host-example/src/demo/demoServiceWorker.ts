// Registering the offline demo's service worker, and removing it in real mode.
export const DEMO_SW_URL = '/demo-sw.js';

/** How long to wait for the service worker to take the page before going on without it. */
const TAKEOVER_TIMEOUT_MS = 5_000;

export type DemoWorkerStatus = 'controlled' | 'unsupported' | 'failed';

function isDemoWorker(worker: ServiceWorker | null | undefined): boolean {
  return !!worker && new URL(worker.scriptURL).pathname === DEMO_SW_URL;
}

/**
 * Resolves once the demo service worker controls this page, so that the page's very first request
 * for Stripe.js is already answered by it (the worker claims the page when it activates).
 */
export async function startDemoServiceWorker(): Promise<DemoWorkerStatus> {
  if (!('serviceWorker' in navigator)) return 'unsupported';
  const container = navigator.serviceWorker;
  try {
    const taken = new Promise<boolean>((resolve) => {
      if (isDemoWorker(container.controller)) return resolve(true);
      container.addEventListener('controllerchange', () => resolve(isDemoWorker(container.controller)), { once: true });
      setTimeout(() => resolve(isDemoWorker(container.controller)), TAKEOVER_TIMEOUT_MS);
    });
    await container.register(DEMO_SW_URL, { scope: '/' });
    return (await taken) ? 'controlled' : 'failed';
  } catch (error) {
    console.warn('[host-example] the demo service worker could not start:', error);
    return 'failed';
  }
}

/** Real mode: a demo worker left from an earlier run must not answer for js.stripe.com. */
export async function stopDemoServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registrations = await navigator.serviceWorker.getRegistrations();
  const demo = registrations.filter((registration) => isDemoWorker(registration.active ?? registration.waiting ?? registration.installing));
  await Promise.all(demo.map((registration) => registration.unregister()));
  // Still controlled by it until the next navigation: reload once.
  if (!isDemoWorker(navigator.serviceWorker.controller)) sessionStorage.removeItem('demo-sw-removed');
  else if (!sessionStorage.getItem('demo-sw-removed')) {
    sessionStorage.setItem('demo-sw-removed', '1');
    location.reload();
    await new Promise(() => {});
  }
}
