/** @jest-environment node */
// What the frameworks around the routes add must survive them: Fastify's hooks' headers (@fastify/cors'
// Access-Control-Allow-Origin, which the button on another origin needs to read its answer), an Express
// router mounted under a prefix, and a client a proxy names `address:port` (Azure's gateways do),
// which must stay one client whatever its source port.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import cors from '@fastify/cors';
import express from 'express';
import Fastify from 'fastify';
import { mountCheckout } from '../../server/adapters/express';
import { checkoutFastify } from '../../server/adapters/fastify';
import { toNodeListener } from '../../server/adapters/node';
import { clientKey, withoutPort } from '../../server/limits/clientKey';
import { CHECKOUT_PATHS } from '../../server/routes';
import { setUpCheckoutRoutes } from './support/checkoutRoutes';

const routes = setUpCheckoutRoutes({ routes: () => ({ webhookSecret: 'whsec_headers' }) });

const session = (base: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${CHECKOUT_PATHS.sessions}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `headers-${Math.random()}`, ...headers },
    body: JSON.stringify({ productId: 'coffee-beans-1kg', mode: 'redirect' }),
  });

async function listen(server: http.Server) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

describe('Fastify 5: the app’s hooks and plugins reach the client with the routes’ answer', () => {
  const app = Fastify();
  let url = '';
  beforeAll(async () => {
    await app.register(cors, { origin: 'https://shop.example' });
    app.addHook('onRequest', async (_request, reply) => void reply.header('x-frame-options', 'DENY'));
    await app.register(checkoutFastify(routes.handlers));
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('@fastify/cors’ Access-Control-Allow-Origin and a hook’s header on the session’s 200', async () => {
    const response = await session(url, { Origin: 'https://shop.example' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(await response.json()).toEqual({ url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) });
  });

  it('the routes’ own headers too: a 405 keeps its Allow beside the hook’s header', async () => {
    const response = await fetch(`${url}${CHECKOUT_PATHS.webhook}`, { headers: { Origin: 'https://shop.example' } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(response.headers.get('access-control-allow-origin')).toBe('https://shop.example');
  });
});

describe('Express 5: mountCheckout on a router under a prefix', () => {
  it('answers /shop/api/checkout-sessions, with the router’s own parsers before it', async () => {
    const router = express.Router();
    router.use(express.json());
    mountCheckout(router, routes.handlers);
    const app = express();
    app.use('/shop', router);
    const served = await listen(http.createServer(app));
    try {
      const response = await session(`${served.url}/shop`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) });
      expect((await session(served.url)).status).toBe(404);
    } finally {
      await served.close();
    }
  });
});

describe('a client named address:port by its proxy', () => {
  it('the port is not part of the client: IPv4 a.b.c.d:port, IPv6 [addr]:port and [addr]', () => {
    expect(withoutPort('203.0.113.7:52311')).toBe('203.0.113.7');
    expect(withoutPort('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(withoutPort('[::1]')).toBe('::1');
    expect(withoutPort('2001:db8::1')).toBe('2001:db8::1');
    expect(clientKey('203.0.113.7:52311')).toBe(clientKey('203.0.113.7:40000'));
    expect(clientKey('[2001:db8:1:2::1]:443')).toBe('2001:db8:1:2::/64');
  });

  it.each([
    ['a hop count', 1 as const],
    ['an address list', ['loopback'] as string[]],
  ])('behind %s, X-Forwarded-For with ports resolves to the bare address', async (_how, trustProxy) => {
    const seen: string[] = [];
    const served = await listen(
      http.createServer(
        toNodeListener(async (_request, { clientAddress }) => (seen.push(clientAddress), new Response('ok')), {
          trustProxy,
          warn: () => {},
        }),
      ),
    );
    try {
      await fetch(served.url, { headers: { 'X-Forwarded-For': '198.51.100.7:50123' } });
      await fetch(served.url, { headers: { 'X-Forwarded-For': '[2001:db8::7]:50124' } });
      expect(seen).toEqual(['198.51.100.7', '2001:db8::7']);
    } finally {
      await served.close();
    }
  });

  it('one client on two connections (two source ports) spends one bucket', async () => {
    const served = await routes.serve(
      { rateLimit: { sessions: { burst: 1, perMinute: 1 }, walletSessions: false, status: false } },
      { trustProxy: 1 },
    );
    try {
      expect((await session(served.url, { 'X-Forwarded-For': '203.0.113.9:50001' })).status).toBe(200);
      expect((await session(served.url, { 'X-Forwarded-For': '203.0.113.9:50002' })).status).toBe(429);
    } finally {
      await served.close();
    }
  });
});
