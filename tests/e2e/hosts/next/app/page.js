// A server-rendered page: its heading and text are in the HTML Next sends; the checkout slot is a
// client component that loads the button after hydration.
//   ?props=<json>  the button's props (here from the test; yours are your page's)
import React from 'react';
import CheckoutSlot from './CheckoutSlot';

export default async function Page({ searchParams }) {
  const { props } = await searchParams;
  return (
    <main>
      <h1 data-host-react={React.version}>{`Next.js host, React ${React.version}`}</h1>
      <p>Your order: one test item, 12.00 €. This text is rendered on the server.</p>
      <CheckoutSlot buttonProps={JSON.parse(props ?? '{}')} />
    </main>
  );
}
