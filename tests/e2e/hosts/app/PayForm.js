// A form that pays without the remote: it posts the button's endpoint the flat fields of its
// sessionBody (strings, numbers; not `mode`: a form gets Stripe's hosted page), and the server answers
// 303 to that page. The page shows it until the button is there, and for good if the remote fails.
// Plain createElement, so no host needs a JSX loader; server-rendered as it is by Next and React Router.
import React from 'react';

export function PayForm({ sessionEndpoint, sessionBody, children }) {
  const fields = Object.entries(sessionBody ?? {}).filter(([name, value]) => name !== 'mode' && ['string', 'number'].includes(typeof value));
  return React.createElement(
    'form',
    { className: 'checkout-fallback', method: 'post', action: sessionEndpoint },
    ...fields.map(([name, value]) => React.createElement('input', { key: name, type: 'hidden', name, value: String(value) })),
    React.createElement('button', { type: 'submit' }, children),
  );
}
