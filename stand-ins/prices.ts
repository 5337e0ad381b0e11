// The stand-in's Prices: what a Checkout Session's `line_items[][price]` may name. Stripe looks each
// one up on the account the request is made for (the platform's, or a connected account's under
// `Stripe-Account`): an id it does not have is `resource_missing`, an archived price or a recurring
// one in payment mode is refused.

export interface StandInPrice {
  id: string;
  /** In the currency's smallest unit. */
  unitAmount: number;
  currency: string;
  productName: string;
  /** `recurring` prices are for subscriptions; payment mode refuses them. */
  type?: 'one_time' | 'recurring';
  /** A recurring price's billing period (monthly when a recurring price gives none). */
  recurring?: { interval: 'day' | 'week' | 'month' | 'year'; interval_count?: number };
  /** An archived price (`active: false`) is refused for new sessions. */
  active?: boolean;
  /** The connected account the price lives on; the platform's own when absent. */
  account?: string;
}

/** The price the tests' hand-made sessions name (`price_1`), on the platform. */
export const DEFAULT_STAND_IN_PRICES: readonly StandInPrice[] = [
  { id: 'price_1', unitAmount: 1200, currency: 'eur', productName: 'Coffee beans, 1 kg' },
];

/** The connected account the stand-in knows when a test names none. */
export const DEFAULT_CONNECTED_ACCOUNTS: readonly string[] = ['acct_1StandInConnected'];

export class PriceBook {
  private readonly byKey = new Map<string, StandInPrice>();

  constructor(prices: readonly StandInPrice[]) {
    for (const price of prices) this.byKey.set(`${price.account ?? ''}/${price.id}`, price);
  }

  /** The price as the account sees it: another account's prices do not exist for it. */
  find(id: string, account: string | undefined): StandInPrice | undefined {
    return this.byKey.get(`${account ?? ''}/${id}`);
  }
}
