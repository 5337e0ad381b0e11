import { index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.jsx'),
  // Resource routes (no component): the server half's three routes.
  route('api/checkout-sessions', 'routes/api.checkout-sessions.js'),
  route('api/checkout-session-status', 'routes/api.checkout-session-status.js'),
  route('api/stripe-webhook', 'routes/api.stripe-webhook.js'),
];
