// A server-rendered route: its heading and text are in the HTML the server sends; the checkout slot
// loads the button in the browser, after hydration.
//   ?props=<json>  the button's props (here from the test; yours are your page's)
import React from 'react';
import { useSearchParams } from 'react-router';
import CheckoutSlot from '../CheckoutSlot';

export default function Home() {
  const [params] = useSearchParams();
  return (
    <main>
      <h1 data-host-react={React.version}>{`React Router host, React ${React.version}`}</h1>
      <p>Your order: one test item, 12.00 €. This text is rendered on the server.</p>
      <CheckoutSlot buttonProps={JSON.parse(params.get('props') ?? '{}')} />
    </main>
  );
}
