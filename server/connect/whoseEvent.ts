// Whose event it is, on Connect. A connected account's events carry `account: 'acct_…'`; a platform's
// own carry none. A server set up for one connected account (`stripeAccount`) acts only on that
// account's events, and a platform's own server only on events without `account`: the integration tag
// alone cannot tell two shops apart when both keep the default one, and shop A must never ship shop B's
// order. Another account's event is acknowledged (Stripe stops) and left alone, with a line in the log.
import type Stripe from 'stripe';

/** Why `event` is not this server's account's (for the log), or null when it is. */
export function notThisAccount(event: Pick<Stripe.Event, 'account'>, stripeAccount: string | undefined): string | null {
  const account = event.account ?? undefined;
  if (account === stripeAccount) return null;
  if (stripeAccount === undefined) return `it is connected account ${account}'s, and this server is the platform's own`;
  if (account === undefined) return `it is the platform's own, and this server is connected account ${stripeAccount}'s`;
  return `it is connected account ${account}'s, not ${stripeAccount}'s`;
}
