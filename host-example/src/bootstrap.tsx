// The host example's start-up. The order matters:
// 1. register the checkout remote and start loading its button (it needs nothing else);
// 2. ask the server for the mode; in the offline demo, let the service worker take the page before
//    anything requests Stripe.js;
// 3. render. The button appears as soon as its module has loaded; until then, a placeholder.
import { StrictMode, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchConfig } from './shop/api';
import { readPageOptions } from './pageOptions';
import { registerCheckoutRemote } from './remote/registerCheckoutRemote';
import { createStatusStore } from './status/statusStore';
import { startDemoServiceWorker, stopDemoServiceWorker } from './demo/demoServiceWorker';
import { ShopPage } from './shop/ShopPage';
import { SuccessPage, CancelPage, NotFoundPage } from './shop/ReturnPages';
import { DemoCheckoutPage } from './demo/DemoCheckoutPage';

const statusStore = createStatusStore();

const root = createRoot(document.getElementById('root')!, {
  // The RemoteBoundary shows the failure and the status panel tells it: a short line is enough here.
  onCaughtError: (error) => console.warn('[host-example] checkout fallback shown:', (error as Error)?.message ?? error),
});

async function startShop(): Promise<ReactElement> {
  const early = readPageOptions(location.search, { remoteUrl: __REMOTE_URL__, demo: false });
  const remote = registerCheckoutRemote({
    manifestUrl: early.remoteUrl,
    policy: early.remotePolicy,
    onEvent: statusStore.remoteEvent,
  });
  remote.load();

  const config = await fetchConfig();
  const demo = config.mode === 'demo';
  let demoWorker: Awaited<ReturnType<typeof startDemoServiceWorker>> | null = null;
  if (demo) demoWorker = await startDemoServiceWorker();
  else await stopDemoServiceWorker();

  const options = readPageOptions(location.search, { remoteUrl: __REMOTE_URL__, demo });
  const page = <ShopPage config={config} options={options} remote={remote} store={statusStore} demoWorker={demoWorker} />;
  return options.strict ? <StrictMode>{page}</StrictMode> : page;
}

async function start(): Promise<void> {
  const path = location.pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return root.render(await startShop());
  const config = await fetchConfig();
  const pages: Record<string, () => ReactElement> = {
    '/success': () => <SuccessPage config={config} />,
    '/cancel': () => <CancelPage />,
    '/demo-checkout': () => <DemoCheckoutPage />,
  };
  root.render((pages[path] ?? (() => <NotFoundPage />))());
}

void start();
