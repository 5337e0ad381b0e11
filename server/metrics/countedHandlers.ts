// The routes, each answer counted: the session route's by outcome, the webhook's by outcome. Counted
// from the answer's status, so a framework host that mounts each handler on its path and one that
// hands `route` every request count alike.
import type { Handler } from '../http/http';
import { CHECKOUT_PATHS, type CheckoutHandlers } from '../routes';
import { sessionOutcome, webhookOutcome, type CheckoutMetrics } from './checkoutMetrics';

function counted(handler: Handler, count: (status: number) => void): Handler {
  return async (request, context) => {
    const response = await handler(request, context);
    count(response.status);
    return response;
  };
}

export function countedHandlers(handlers: CheckoutHandlers, meter: CheckoutMetrics): CheckoutHandlers {
  const sessions = counted(handlers.sessions, (status) => meter.countSession(sessionOutcome(status)));
  const webhook = counted(handlers.webhook, (status) => meter.countWebhook(webhookOutcome(status)));
  return {
    ...handlers,
    sessions,
    webhook,
    route(request, context) {
      const path = new URL(request.url).pathname;
      if (path === CHECKOUT_PATHS.sessions) return sessions(request, context);
      if (path === CHECKOUT_PATHS.webhook) return webhook(request, context);
      return handlers.route(request, context);
    },
  };
}
