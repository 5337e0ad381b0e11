import { sessionReply } from '../../server/sessions/createCheckoutSession';

const session = { url: null, client_secret: 'cs_test_1_secret_a', expires_at: 1_900_003_600 };

describe("the session endpoint's answer", () => {
  it("a wallet session says the seconds it has left on the server's clock, besides Stripe's expires_at", () => {
    expect(sessionReply(session, 'wallets', 1_900_000_000)).toEqual({
      clientSecret: 'cs_test_1_secret_a',
      expiresAt: 1_900_003_600,
      expiresIn: 3600,
    });
    // Already past on this server's clock: nothing left, never a negative life.
    expect(sessionReply(session, 'wallets', 1_900_004_000)).toMatchObject({ expiresIn: 0 });
  });

  it('embedded: the client secret alone; redirect: the url alone', () => {
    expect(sessionReply(session, 'embedded')).toEqual({ clientSecret: 'cs_test_1_secret_a' });
    expect(sessionReply({ ...session, url: 'https://checkout.stripe.com/c/pay/cs_test_1', client_secret: null }, 'redirect')).toEqual({
      url: 'https://checkout.stripe.com/c/pay/cs_test_1',
    });
  });
});
