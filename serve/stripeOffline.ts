// `npm run stripe:offline -- --webhook-url <your webhook route> [--port 12111] [--webhook-secret whsec_…]`:
// Stripe, offline, for a host that runs the server half itself (docs/server/offline.md). One port
// serves the Stripe API stand-in (your `stripe` client points at it) and the stand-in of Stripe's
// hosted page (your sessions' `url`); paying there sends the signed webhooks to YOUR webhook route,
// signed with the secret your host verifies with, and the person back to your return page.
// Flags, or the environment: STRIPE_OFFLINE_PORT, STRIPE_OFFLINE_WEBHOOK_URL, STRIPE_WEBHOOK_SECRET.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { CHECKOUT_STAND_IN_PATH, checkoutStandInPage } from '../stand-ins/hostedCheckoutPage';
import { startStripeApiStandIn, type StripeApiStandIn, type WebhookDelivery } from '../stand-ins/stripeApi';

export interface OfflineStripeOptions {
  /** 12111 by default (what stripe-mock uses); 0 picks a free one. */
  port: number;
  /** Your host's webhook route, e.g. http://localhost:4321/api/stripe-webhook. */
  webhookUrl: string;
  /** What your host verifies with (STRIPE_WEBHOOK_SECRET); a fresh one is made when absent. */
  webhookSecret: string;
  onDelivery?: (delivery: WebhookDelivery) => void;
}

export interface OfflineStripe {
  /** The API and the hosted page: http://127.0.0.1:<port>. */
  url: string;
  port: number;
  webhookSecret: string;
  standIn: StripeApiStandIn;
  close(): Promise<void>;
}

export const DEFAULT_OFFLINE_STRIPE_PORT = 12111;
/** Any `sk_test_…` key: the stand-in checks the shape, as Stripe checks a key, and nothing else. */
export const OFFLINE_SECRET_KEY = 'sk_test_offline';

/** The options from flags over the environment; every mistake at once, as one message. */
export function offlineStripeOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): OfflineStripeOptions {
  const { values } = parseArgs({
    args: argv,
    options: { port: { type: 'string' }, 'webhook-url': { type: 'string' }, 'webhook-secret': { type: 'string' } },
  });
  const port = Number(values.port ?? env.STRIPE_OFFLINE_PORT ?? DEFAULT_OFFLINE_STRIPE_PORT);
  const webhookUrl = values['webhook-url'] ?? env.STRIPE_OFFLINE_WEBHOOK_URL ?? '';
  const webhookSecret = values['webhook-secret'] ?? env.STRIPE_WEBHOOK_SECRET ?? `whsec_offline${randomBytes(16).toString('hex')}`;
  const problems: string[] = [];
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    problems.push(`--port must be a port number (0-65535), not ${values.port ?? env.STRIPE_OFFLINE_PORT}.`);
  if (!/^https?:\/\/[^/]/.test(webhookUrl) || !URL.canParse(webhookUrl))
    problems.push(
      `--webhook-url (or STRIPE_OFFLINE_WEBHOOK_URL) must be your webhook route's http(s) URL${webhookUrl ? `, not ${webhookUrl}` : ''}.`,
    );
  if (!webhookSecret.trim()) problems.push('--webhook-secret (or STRIPE_WEBHOOK_SECRET) is empty.');
  if (problems.length) throw new Error(problems.join('\n'));
  return { port, webhookUrl, webhookSecret };
}

export async function startOfflineStripe(options: OfflineStripeOptions): Promise<OfflineStripe> {
  // The hosted page lives on the API's port; its URL needs the port, known once listening.
  let pageOrigin = '';
  const standIn: StripeApiStandIn = await startStripeApiStandIn({
    port: options.port,
    webhook: { url: options.webhookUrl, secret: options.webhookSecret },
    hostedPageUrl: (id) => `${pageOrigin}${CHECKOUT_STAND_IN_PATH}?session=${encodeURIComponent(id)}`,
    page: (req, res) => checkoutStandInPage(req, res, standIn),
    onDelivery: options.onDelivery,
  });
  pageOrigin = standIn.url;
  return { url: standIn.url, port: standIn.port, webhookSecret: options.webhookSecret, standIn, close: () => standIn.close() };
}

/** What the host sets, printed once the stand-in listens. */
export function hostSettings(stripe: Pick<OfflineStripe, 'url' | 'port' | 'webhookSecret'>, webhookUrl: string): string {
  return [
    `Stripe API and hosted page (stand-ins): ${stripe.url}`,
    `Webhooks go to ${webhookUrl}, signed with STRIPE_WEBHOOK_SECRET below.`,
    '',
    'Set in your host:',
    `  STRIPE_SECRET_KEY=${OFFLINE_SECRET_KEY}`,
    `  STRIPE_WEBHOOK_SECRET=${stripe.webhookSecret}`,
    `  STRIPE_API_URL=${stripe.url}   (your Stripe client: new Stripe(key, { host: '127.0.0.1', port: ${stripe.port}, protocol: 'http' }))`,
    `  the button's allowedCheckoutOrigins (allowed-checkout-origins): ${stripe.url}   (a plain form needs nothing)`,
  ].join('\n');
}

if (require.main === module) {
  void (async () => {
    try {
      const options = offlineStripeOptions(process.argv.slice(2));
      const stripe = await startOfflineStripe({
        ...options,
        onDelivery: ({ type, status }) =>
          console.log(`webhook ${type} → ${options.webhookUrl}: ${status === 0 ? 'no answer (is your host running?)' : status}`),
      });
      const stop = () => void stripe.close().finally(() => process.exit(0));
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
      console.log(hostSettings(stripe, options.webhookUrl));
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }
  })();
}
