// What the page sells: the coffee (one product, as ever), a cart of three, or a plan with a trial
// (`?offer=cart`, `?offer=plan`). The server prices each line from its catalog
// (server/sessions/catalog.ts); `price` only lets the button say the total.
import type { CheckoutButtonProps } from 'checkout/CheckoutButton';

export interface Offer {
  /** What the order lists: a name and a price per line. */
  items: Array<[name: string, price: string]>;
  checkout: Pick<CheckoutButtonProps, 'sessionBody' | 'lines' | 'price'>;
  /** The form's label while the button is not there (the button says the same from `price`). */
  label: string;
}

const OFFERS: Record<string, Offer> = {
  coffee: {
    items: [['Coffee beans, 1 kg', '12.00 €']],
    // The page's own button settings stand (bootstrap.tsx's sessionBody, or a host's).
    checkout: {},
    label: 'Pay 12.00 €',
  },
  cart: {
    items: [
      ['Coffee beans, 1 kg × 2', '24.00 €'],
      ['Filter papers, 100 × 3', '12.00 €'],
      ['Hand grinder', '45.00 €'],
    ],
    checkout: {
      sessionBody: undefined,
      lines: [
        { productId: 'coffee-beans-1kg', quantity: 2 },
        { productId: 'filter-papers', quantity: 3 },
        { productId: 'hand-grinder', quantity: 1 },
      ],
      price: { amount: 8100, currency: 'eur' },
    },
    label: 'Pay €81.00',
  },
  plan: {
    items: [['Coffee club, every month', '9.00 € a month']],
    checkout: {
      sessionBody: undefined,
      lines: [{ productId: 'coffee-club' }],
      price: { amount: 900, currency: 'eur', recurring: { interval: 'month' }, trialDays: 14 },
    },
    label: 'Start 14-day free trial',
  },
};

export const offerOf = (search: string): Offer => OFFERS[new URLSearchParams(search).get('offer') ?? ''] ?? OFFERS.coffee;
