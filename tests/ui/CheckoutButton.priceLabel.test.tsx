import { render, screen } from '@testing-library/react';
import { CheckoutButton } from '../../src/exposes/CheckoutButton';
import { resetPage } from '../support/stripeStub';

// The price label's texts are a chunk of their own (src/ui/usePriceLabel.ts): the button says its
// plain label until that chunk is in, then what a click buys, in the button's language.
const KEY = 'pk_test_51Hpricelabel';
const createSession = async () => ({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
const plan = { amount: 900, currency: 'eur', recurring: { interval: 'month' as const } };

beforeEach(() => resetPage());

describe('CheckoutButton: the label for what it sells', () => {
  it('says the plain label first, then the plan once the label chunk is in', async () => {
    render(<CheckoutButton publishableKey={KEY} createSession={createSession} price={plan} stripeOptions={{ locale: 'en' }} />);
    expect(screen.getByRole('button')).toHaveTextContent('Pay with card');
    expect(await screen.findByRole('button', { name: 'Subscribe, €9.00 a month' })).toBeEnabled();
  });

  it("says a cart's total in the button's language, and the host's children over both", async () => {
    const cart = { amount: 3600, currency: 'eur' };
    const { rerender } = render(
      <CheckoutButton publishableKey={KEY} createSession={createSession} price={cart} stripeOptions={{ locale: 'fr' }} />,
    );
    expect(await screen.findByRole('button', { name: 'Payer 36,00\u00a0€' })).toBeInTheDocument();
    rerender(
      <CheckoutButton publishableKey={KEY} createSession={createSession} price={cart} stripeOptions={{ locale: 'fr' }}>
        Acheter
      </CheckoutButton>,
    );
    expect(screen.getByRole('button', { name: 'Acheter' })).toBeInTheDocument();
  });

  it('keeps the plain label without a price', () => {
    render(<CheckoutButton publishableKey={KEY} createSession={createSession} stripeOptions={{ locale: 'en' }} />);
    expect(screen.getByRole('button', { name: 'Pay with card' })).toBeInTheDocument();
  });
});
