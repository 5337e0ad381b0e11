// The checkout slot: the server renders a form that pays without any script (the host kit's PayForm: your server
// answers 303 to Stripe's hosted page), and the first client render is the same (no hydration
// mismatch); the button takes its place once loaded in an effect, which only the browser runs, and
// the form stays if that fails.
import { useEffect, useState } from 'react';
import { loadCheckoutButton } from './checkoutFederation.client';
import { PayForm } from '@checkout/host-kit/react';

const LABEL = 'Pay 12.00 €';

export default function CheckoutSlot({ buttonProps }) {
  const [Button, setButton] = useState(null);
  useEffect(() => {
    let live = true;
    loadCheckoutButton().then(
      (mod) => live && setButton(() => mod.default),
      (error) => console.error(error), // what failed, for the developer; the form stays
    );
    return () => {
      live = false;
    };
  }, []);
  return Button ? <Button {...buttonProps}>{LABEL}</Button> : <PayForm {...buttonProps}>{LABEL}</PayForm>;
}
