// A form that pays without the remote: it posts the button's endpoint the flat fields of its
// sessionBody (strings, numbers; not `mode`: a form gets Stripe's hosted page), and the server answers
// 303 to that page. The page shows it until the button is there, and for good if the remote fails.
// Plain createElement, so no host needs a JSX loader; server-rendered as it is by Next and React Router.
// Each render carries its own `formKey` (the server's in its HTML, the browser's once hydrated: React
// checks no input's value), so two people behind one address are two Checkout Sessions.
import React from 'react';

/** 128 random bits as hex: `getRandomValues` exists on every page and server (`randomUUID` only on https pages). */
const newFormKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

export function PayForm({ sessionEndpoint, sessionBody, children }) {
  const [formKey] = React.useState(newFormKey);
  const fields = Object.entries(sessionBody ?? {}).filter(([name, value]) => !['mode', 'formKey'].includes(name) && ['string', 'number'].includes(typeof value));
  return React.createElement(
    'form',
    { className: 'checkout-fallback', method: 'post', action: sessionEndpoint },
    ...fields.map(([name, value]) => React.createElement('input', { key: name, type: 'hidden', name, value: String(value) })),
    React.createElement('input', { key: 'formKey', type: 'hidden', name: 'formKey', value: formKey }),
    React.createElement('button', { type: 'submit' }, children),
  );
}
