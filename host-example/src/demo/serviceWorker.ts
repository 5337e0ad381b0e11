// The offline demo's service worker (served as /demo-sw.js, registered only in demo mode).
//
// It answers for https://js.stripe.com/* according to the `?scenario=` of the page that asked, so
// the remote's real script-loading path (its tag, timeout, retries, checks) meets each behaviour of
// the network. Everything else goes to the network untouched. The remote knows nothing of it.
//
// The CSP scenario is not here: a service worker cannot fake a CSP block (the browser blocks the
// request before it would reach us); the server sends that page a real Content-Security-Policy.
import { scenarioFromUrl, SLOW_ANSWER_MS, type ScenarioId } from './scenarios';
import { emptyScript, standInScript } from './stripeStandIn';

// The service-worker globals we use (the repository type-checks against the DOM library).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly clientId: string;
  respondWith(response: Response | Promise<Response>): void;
}
interface ServiceWorkerScope {
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; get(id: string): Promise<{ url: string } | undefined> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const sw = self as unknown as ServiceWorkerScope;
const STRIPE_ORIGIN = 'https://js.stripe.com';

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function script(body: string): Response {
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store', 'X-Demo': 'stripe-stand-in' },
  });
}

async function answer(scenario: ScenarioId): Promise<Response> {
  switch (scenario) {
    case 'slow':
      await delay(SLOW_ANSWER_MS);
      return script(standInScript());
    case 'fail':
      return Response.error();
    case 'hang':
      // Never answers: each attempt of the remote's loader ends at its own timeout.
      return new Promise<Response>(() => {});
    case 'no-stripe':
      return script(emptyScript());
    case 'normal':
    case 'csp-blocked':
    default:
      return script(standInScript());
  }
}

async function scenarioOf(event: FetchEvent): Promise<ScenarioId> {
  const client = event.clientId ? await sw.clients.get(event.clientId) : undefined;
  return scenarioFromUrl(client?.url ?? '');
}

// Take over at once, and take the page that registered us too: its first Stripe.js request must
// already be ours, or it would go to the real network (and fail offline).
sw.addEventListener('install', (event) => event.waitUntil(sw.skipWaiting()));
sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));

sw.addEventListener('fetch', (event) => {
  if (!event.request.url.startsWith(`${STRIPE_ORIGIN}/`)) return;
  event.respondWith(scenarioOf(event).then(answer));
});
