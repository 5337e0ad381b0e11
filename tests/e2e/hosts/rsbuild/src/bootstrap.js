import React from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../../app/App.js';

const loadButton = () => import('checkout/CheckoutButton');

createRoot(document.getElementById('root')).render(React.createElement(App, { bundler: 'Rsbuild', loadButton }));
