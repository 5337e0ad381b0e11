// A platform's one Connect endpoint for all its connected accounts: every connected account's events
// arrive here, and each goes to its own shop. The event is verified here with the endpoint's secret,
// then handed, as the same bytes and signature, to the webhook of the shop `shopOf(account)` names
// (each shop's handlers are made with that account as `stripeAccount` and the endpoint's secret, so
// they check both again). An account with no shop here, or an event of the platform's own, is
// acknowledged (Stripe stops) and left alone, logged.
import Stripe from 'stripe';
import type { StripeApi } from '../stripeClient';
import { errorResponse, jsonResponse, readBodyOrRefuse, refuseMethod, type Handler } from '../http/http';
import { silentLogger, type Logger } from '../log/logger';

export interface ConnectWebhookOptions {
  stripe: StripeApi;
  /** The Connect endpoint's signing secret (whsec_…). */
  secret: string;
  /** The shop's webhook handler for a connected account (`handlers.webhook`), or null when no shop here is its. */
  shopOf: (account: string) => Handler | null | Promise<Handler | null>;
  logger?: Logger;
}

const subtleCrypto = Stripe.createSubtleCryptoProvider();

export function connectWebhookHandler({ stripe, secret, shopOf, logger = silentLogger }: ConnectWebhookOptions): Handler {
  return async (request, context) => {
    const wrongMethod = refuseMethod(request, 'POST');
    if (wrongMethod) return wrongMethod;
    const signature = request.headers.get('stripe-signature');
    if (!signature) return errorResponse(400, 'Missing Stripe-Signature header.');
    const read = await readBodyOrRefuse(request);
    if ('refusal' in read) return read.refusal;
    let event: Stripe.Event;
    try {
      event = await stripe.webhooks.constructEventAsync(read.body, signature, secret, undefined, subtleCrypto);
    } catch (error) {
      return errorResponse(400, `Webhook signature refused: ${error instanceof Error ? error.message.split('\n')[0] : 'unreadable'}`);
    }
    const shop = event.account ? await shopOf(event.account) : null;
    if (!shop) {
      logger.info(
        { route: 'connect-webhook', code: 'no_shop', event: event.id, type: event.type, account: event.account ?? null },
        'A Connect event for no shop of this platform was left alone.',
      );
      return jsonResponse(200, { received: true });
    }
    const headers = new Headers({ 'Content-Type': 'application/json', 'Stripe-Signature': signature });
    return shop(new Request(request.url, { method: 'POST', headers, body: read.body.slice() }), context);
  };
}
