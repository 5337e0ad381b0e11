// The "Manage subscription" button: server-rendered, it is a plain form posting to the portal route
// (JavaScript off still opens the portal: the server answers 303); with JavaScript, a click asks for
// `{ url }` and leaves for it only when it is Stripe's portal, and says why when nobody is signed in.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { ManageSubscriptionButton } from '../../src/exposes/ManageSubscription';

// jsdom has no Response: the two fields the button reads.
const answer = (status: number, body: unknown) =>
  jest.fn(async (..._args: unknown[]) => ({ status, ok: status >= 200 && status < 300, json: async () => body }) as unknown as Response);

const realFetch = globalThis.fetch;
const stubFetch = (stub: typeof fetch) => void (globalThis.fetch = stub);
afterEach(() => void (globalThis.fetch = realFetch));

it('renders on the server as a form that posts to the portal route, labelled in the page’s language', () => {
  const html = renderToString(<ManageSubscriptionButton endpoint="/shop/api/billing-portal" locale="de" />);
  expect(html).toMatch(/^<form (action="\/shop\/api\/billing-portal" method="post"|method="post" action="\/shop\/api\/billing-portal")>/);
  expect(html).toContain('<button type="submit"');
  expect(html).toContain('Abo verwalten');
});

it("a click asks the server (the customer is the server's to know) and leaves for Stripe's portal", async () => {
  const fetchMock = answer(200, { url: 'https://billing.stripe.com/p/session/test_1' });
  stubFetch(fetchMock);
  const redirect = jest.fn();
  render(<ManageSubscriptionButton redirect={redirect} locale="en" />);
  fireEvent.click(screen.getByRole('button', { name: 'Manage subscription' }));
  await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_1'));
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(fetchMock.mock.calls[0]).toEqual(['/api/billing-portal', expect.objectContaining({ method: 'POST', body: '{}' })]);
});

it('nobody signed in: says so in the person’s language, and goes nowhere', async () => {
  stubFetch(answer(401, { error: 'Sign in to manage your subscription.' }));
  const redirect = jest.fn();
  render(<ManageSubscriptionButton redirect={redirect} locale="fr" />);
  fireEvent.click(screen.getByRole('button', { name: 'Gérer l’abonnement' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Connectez-vous pour gérer votre abonnement.');
  expect(redirect).not.toHaveBeenCalled();
});

it('a URL that is not Stripe’s portal is never followed', async () => {
  stubFetch(answer(200, { url: 'javascript:alert(1)' }));
  const redirect = jest.fn();
  render(<ManageSubscriptionButton redirect={redirect} locale="en" />);
  fireEvent.click(screen.getByRole('button'));
  expect(await screen.findByRole('alert')).toHaveTextContent('could not open');
  expect(redirect).not.toHaveBeenCalled();
});
