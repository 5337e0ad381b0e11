import React from 'react';
import { createRoot } from 'react-dom/client';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { App } from '../../app/App.js';

// The remote's manifest URL, known only at runtime (here from ?remote=).
registerRemotes([{ name: 'checkout', entry: new URLSearchParams(location.search).get('remote') }]);
const loadButton = () => loadRemote('checkout/CheckoutButton');

createRoot(document.getElementById('root')).render(React.createElement(App, { bundler: 'Rspack', loadButton }));
