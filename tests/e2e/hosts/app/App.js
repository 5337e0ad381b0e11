// The page every matrix host renders: its own heading (naming the React it runs) and the checkout
// button from the remote. Plain JavaScript with createElement, so no host needs a JSX loader.
// The button is loaded first and rendered after: React.lazy + Suspense would delay it.
//   ?props=<json>  the button's props (publishableKey, sessionEndpoint)
import React, { useEffect, useState } from 'react';

const h = React.createElement;
const props = JSON.parse(new URLSearchParams(location.search).get('props') || '{}');

export function App({ bundler, loadButton }) {
  const [Button, setButton] = useState(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    loadButton().then(
      (mod) => setButton(() => mod.default),
      (error) => {
        console.error(error); // what failed, for the developer
        setFailed(true);
      },
    );
  }, [loadButton]);
  return h(
    'main',
    null,
    h('h1', { 'data-host-react': React.version }, `${bundler} host, React ${React.version}`),
    failed
      ? h('p', { role: 'alert' }, 'Checkout is unavailable right now.')
      : Button
        ? h(Button, props)
        : h('p', null, 'Loading the checkout button…'),
  );
}
