import React from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../../app/App.js';
import { loadScript } from '../../app/loadScript.js';

// webpack's "Dynamic Remote Containers": load remoteEntry.js (URL known only at runtime, here from
// ?remote=; within 5 s), hand it the page's share scope, then get the module from it.
async function loadButton() {
  await loadScript(new URLSearchParams(location.search).get('remote'));
  await __webpack_init_sharing__('default');
  const container = window.checkout;
  await container.init(__webpack_share_scopes__.default);
  const factory = await container.get('./CheckoutButton');
  return factory();
}

createRoot(document.getElementById('root')).render(React.createElement(App, { bundler: 'webpack (built-in federation)', loadButton }));
