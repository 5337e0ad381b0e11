// The checkout slot: renders the same "loading" line on the server and in the first client render
// (no hydration mismatch), then loads the button in an effect, which only the browser runs, or shows
// the fallback when that fails.
import { useEffect, useState } from 'react';
import { loadCheckoutButton } from './checkoutFederation.client';

export default function CheckoutSlot({ buttonProps }) {
  const [Button, setButton] = useState(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadCheckoutButton().then(
      (mod) => live && setButton(() => mod.default),
      (error) => {
        console.error(error); // what failed, for the developer
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  if (failed) return <p role="alert">Checkout is unavailable right now.</p>;
  return Button ? <Button {...buttonProps} /> : <p>Loading the checkout button…</p>;
}
