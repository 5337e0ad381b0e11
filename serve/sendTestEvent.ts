// `npm run send-test-event -- --url <your webhook route> --secret whsec_… [--type checkout.session.completed]
// [--session cs_test_…] [--product coffee-beans-1kg]`: one Checkout event, signed as Stripe signs it
// (the `stripe` library's generateTestHeaderString), POSTed to your own webhook route: no account, no
// internet, no `stripe listen`. Without --product the session is untagged, so a server half answers
// 200 and leaves it alone (the signature is what is tested); with it, it is a paid order of ours.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { DEFAULT_INTEGRATION, ourMetadata } from '../server/orders/ourSession';
import { checkoutEvent, deliverSigned } from '../stand-ins/webhookEvents';

export interface TestEventOptions {
  url: string;
  secret: string;
  type: string;
  session: string;
  /** Tags the session as this integration's order for that product; untagged when absent. */
  product?: string;
}

export function testEventOptions(argv: string[]): TestEventOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      secret: { type: 'string' },
      type: { type: 'string', default: 'checkout.session.completed' },
      session: { type: 'string' },
      product: { type: 'string' },
    },
  });
  const problems = [
    !values.url || !URL.canParse(values.url) ? '--url must be your webhook route, e.g. http://localhost:4321/api/stripe-webhook.' : '',
    !values.secret ? '--secret must be the STRIPE_WEBHOOK_SECRET your host verifies with.' : '',
    !values.type.startsWith('checkout.session.') ? `--type must be a checkout.session.* event, not ${values.type}.` : '',
  ].filter(Boolean);
  if (problems.length) throw new Error(problems.join('\n'));
  return {
    url: values.url!,
    secret: values.secret!,
    type: values.type,
    session: values.session ?? `cs_test_${randomBytes(12).toString('hex')}`,
    product: values.product,
  };
}

/** A Checkout Session as the event carries it: complete and paid (expired for `checkout.session.expired`). */
export function testSession({ type, session, product }: TestEventOptions): Record<string, unknown> {
  const expired = type === 'checkout.session.expired';
  return {
    id: session,
    object: 'checkout.session',
    mode: 'payment',
    created: Math.floor(Date.now() / 1000),
    status: expired ? 'expired' : 'complete',
    payment_status: type.endsWith('payment_failed') || expired ? 'unpaid' : 'paid',
    amount_total: 1200,
    currency: 'eur',
    metadata: product ? ourMetadata(DEFAULT_INTEGRATION, product) : {},
  };
}

/** Signs and sends the event; the route's status and body. */
export async function sendTestEvent(options: TestEventOptions): Promise<{ status: number; body: string }> {
  const res = await deliverSigned(options.url, checkoutEvent(options.type, testSession(options)), options.secret);
  return { status: res.status, body: await res.text() };
}

if (require.main === module) {
  void (async () => {
    try {
      const options = testEventOptions(process.argv.slice(2));
      const { status, body } = await sendTestEvent(options);
      console.log(`${options.type} for ${options.session} → ${options.url}: ${status} ${body}`);
      process.exit(status >= 200 && status < 300 ? 0 : 1);
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }
  })();
}
