// The order page, rendered per request: the fallback form's formKey is made for this render only.
//   ?props=<json>  the button's props (here from the test; yours are your page's)
import { html } from 'hono/html';

export function orderPage(query: string | undefined): ReturnType<typeof html> {
  const props = JSON.parse(query ?? '{}') as { publishableKey?: string; sessionEndpoint?: string };
  // Offline, Stripe's hosted page is the stand-in's (loopback http): the button may go there once listed.
  const allowed = ['https://checkout.stripe.com', process.env.STRIPE_API_URL].filter(Boolean).join(' ');
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Hono host</title>
        <link id="checkout-element" rel="modulepreload" href="http://localhost:3001/checkout-button.js" crossorigin="anonymous" />
        <link rel="stylesheet" href="/vendor/host-kit/checkoutFallback.css" />
        <script type="module" src="/checkout.js"></script>
      </head>
      <body>
        <main>
          <h1>Hono host, no React</h1>
          <p>Your order: one test item, 12.00 €. This text is rendered on the server.</p>
          <checkout-button
            publishable-key="${props.publishableKey ?? 'pk_test_e2eStandInKey'}"
            session-endpoint="${props.sessionEndpoint ?? '/api/checkout-sessions'}"
            allowed-checkout-origins="${allowed}"
            label="Pay 12.00 €"
          >
            <form class="checkout-fallback" method="post" action="/api/checkout-sessions">
              <input type="hidden" name="productId" value="coffee-beans-1kg" />
              <input type="hidden" name="formKey" value="${crypto.randomUUID()}" />
              <button type="submit">Pay 12.00 €</button>
            </form>
          </checkout-button>
        </main>
      </body>
    </html>`;
}
