// The page every matrix host renders: its own heading (naming the React it runs) and the checkout
// button from the remote. Plain JavaScript with createElement, so no host needs a JSX loader.
// The button is loaded first and rendered after: React.lazy + Suspense would delay it.
//   ?props=<json>  the button's props (publishableKey, sessionEndpoint, sessionBody)
import React, { useEffect, useState } from 'react';
import { PayForm } from '@checkout/host-kit/react';

const h = React.createElement;
const props = JSON.parse(new URLSearchParams(location.search).get('props') || '{}');
const LABEL = 'Pay 12.00 €';

export function App({ bundler, loadButton }) {
  const [Button, setButton] = useState(null);
  useEffect(() => {
    loadButton().then(
      (mod) => setButton(() => mod.default),
      (error) => console.error(error), // what failed, for the developer; the form stays
    );
  }, [loadButton]);
  return h(
    'main',
    null,
    h('h1', { 'data-host-react': React.version }, `${bundler} host, React ${React.version}`),
    // The form until the button is there, and for good if the remote fails (the host kit's PayForm).
    Button ? h(Button, props, LABEL) : h(PayForm, props, LABEL),
  );
}
