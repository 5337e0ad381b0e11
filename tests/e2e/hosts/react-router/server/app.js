// The request handler, as React Router's custom-server template has it, with one addition: the
// client's address in each request's context (react-router-serve hands the routes none). Behind a
// proxy, set Express's `trust proxy` to it and give `req.ip` instead.
import { createRequestHandler } from '@react-router/express';
import express from 'express';
import { RouterContextProvider } from 'react-router';
import { clientAddress } from '../app/checkoutServer.server';

// server.js opens the server half (its database above all) before it listens, not on the first click.
export { checkout } from '../app/checkoutServer.server';

export const app = express();
app.disable('x-powered-by');

app.use(
  createRequestHandler({
    build: () => import('virtual:react-router/server-build'),
    getLoadContext(req) {
      const context = new RouterContextProvider();
      context.set(clientAddress, req.socket.remoteAddress ?? '');
      return context;
    },
  }),
);
