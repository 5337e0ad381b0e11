/** @jest-environment node */
// What an operator relies on without reading code: production's required configuration named all at
// once and logged redacted, readiness that follows the database and the drain, the command's usage and
// exit codes, and the metrics' instruments recording through whatever SDK the host installed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { metrics, type Meter } from '@opentelemetry/api';
import Stripe from 'stripe';
import { runCheckoutServer } from '../../server/cli/checkoutServer';
import { describeConfig, readStandaloneConfig } from '../../server/cli/standaloneConfig';
import { ConfigError } from '../../server/config';
import { createHealthHandlers } from '../../server/http/health';
import { silentLogger, type Logger } from '../../server/log/logger';
import { checkoutMetrics, measureStripe, METRIC_NAMES } from '../../server/metrics/checkoutMetrics';
import { countedHandlers } from '../../server/metrics/countedHandlers';
import type { CheckoutHandlers } from '../../server/routes';

const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    readStandaloneConfig(env);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
};

describe('the configuration production needs', () => {
  it('no return page, no webhook secret, a publishable key and a bad value elsewhere: all four named in one error', () => {
    expect(
      problemsOf({
        NODE_ENV: 'production',
        DATABASE_URL: 'pglite:/data/orders',
        STRIPE_SECRET_KEY: 'pk_live_abc',
        SESSION_RATE_LIMIT: '10',
      }),
    ).toEqual([
      expect.stringMatching(/^STRIPE_SECRET_KEY holds a publishable key/),
      expect.stringMatching(/^RETURN_PAGE is required when NODE_ENV=production/),
      expect.stringMatching(/^STRIPE_WEBHOOK_SECRET is required when NODE_ENV=production/),
      'SESSION_RATE_LIMIT must be burst/perMinute (e.g. 10/10) or off, not 10.',
    ]);
  });

  it('webhooks explicitly off, or outside production, start without a secret; a key never appears in a problem', () => {
    const production = {
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'sk_live_abc',
      RETURN_PAGE: 'https://shop.example/return',
      DATABASE_URL: 'memory://',
    };
    expect(problemsOf({ ...production, STRIPE_WEBHOOKS: 'off' })).toEqual([]);
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toEqual([]);
    expect(problemsOf({ STRIPE_SECRET_KEY: 'whsec_secretvalue' }).join(' ')).not.toContain('secretvalue');
  });

  it('the resolved configuration is logged without secrets: the key by its kind, URLs without passwords', () => {
    const env = {
      STRIPE_SECRET_KEY: 'sk_test_verysecret',
      STRIPE_WEBHOOK_SECRET: 'whsec_alsosecret',
      DATABASE_URL: 'postgres://shop:hunter2@db:5432/orders',
    };
    const text = JSON.stringify(describeConfig(readStandaloneConfig(env), env));
    expect(text).toContain('"stripeKey":"sk_test_…"');
    expect(text).toContain('"webhooks":"verified"');
    for (const secret of ['verysecret', 'alsosecret', 'hunter2']) expect(text).not.toContain(secret);
  });
});

describe('/readyz', () => {
  it('ready while the database answers, 503 when it does not answer within the bound, 503 for good once draining', async () => {
    let stalled = false;
    const db = { query: () => (stalled ? new Promise<never>(() => {}) : Promise.resolve([])) };
    const health = createHealthHandlers({ db, timeoutMs: 200, logger: silentLogger });
    const ready = () => health.readyz(new Request('http://x/readyz'));
    expect((await ready()).status).toBe(200);
    stalled = true;
    const started = performance.now();
    expect(await (await ready()).json()).toEqual({ status: 'database_unavailable' });
    expect(performance.now() - started).toBeLessThan(1_000);
    stalled = false;
    expect((await ready()).status).toBe(200);
    health.drain();
    expect(await (await ready()).json()).toEqual({ status: 'draining' });
    expect((await health.healthz(new Request('http://x/healthz'))).status).toBe(200);
  });
});

describe('checkout-server', () => {
  const run = async (argv: string[], env: NodeJS.ProcessEnv = {}) => {
    const out: string[] = [];
    const lines: Array<[Record<string, unknown>, string]> = [];
    const logger: Logger = {
      debug: () => {},
      info: (fields, message) => lines.push([fields, message]),
      warn: (fields, message) => lines.push([fields, message]),
      error: (fields, message) => lines.push([fields, message]),
    };
    const code = await runCheckoutServer(argv, env, logger, (text) => out.push(text));
    return { code, out: out.join('\n'), lines };
  };

  it('usage with no command (2), help (0), an unknown command (2)', async () => {
    expect(await run([])).toMatchObject({ code: 2, out: expect.stringContaining('Usage: checkout-server <command>') });
    expect(await run(['--help'])).toMatchObject({ code: 0, out: expect.stringMatching(/serve .*\n.*migrate/s) });
    expect(await run(['deploy'])).toMatchObject({ code: 2, out: expect.stringContaining('no command deploy') });
  });

  it('check-config: 0 and the configuration, or 2 and every problem', async () => {
    const good = await run(['check-config'], { STRIPE_SECRET_KEY: 'sk_test_abc' });
    expect(good.code).toBe(0);
    expect(good.lines[0][0]).toMatchObject({ code: 'config', config: expect.objectContaining({ stripeKey: 'sk_test_…' }) });
    const bad = await run(['check-config'], { STRIPE_SECRET_KEY: 'pk_test_abc', LOG_LEVEL: 'loud' });
    expect(bad.code).toBe(2);
    expect(bad.lines[0][0]).toMatchObject({ code: 'config_invalid', problems: [expect.any(String), expect.stringMatching(/^LOG_LEVEL/)] });
  });
});

describe('metrics through the host’s OpenTelemetry SDK', () => {
  const recorded: Array<{ name: string; value: number; attributes: unknown }> = [];
  const instrument = (name: string) => ({
    add: (value: number, attributes: unknown) => recorded.push({ name, value, attributes }),
    record: (value: number, attributes: unknown) => recorded.push({ name, value, attributes }),
    addCallback: () => {},
  });
  const meter = { createCounter: instrument, createHistogram: instrument, createObservableCounter: instrument } as unknown as Meter;
  beforeAll(() => metrics.setGlobalMeterProvider({ getMeter: () => meter }));
  afterAll(() => metrics.disable());

  it('sessions and webhooks counted by outcome, whichever handler the host mounts', async () => {
    const answer = (status: number) => async () => new Response(null, { status });
    const handlers: CheckoutHandlers = {
      sessions: answer(200),
      status: answer(200),
      webhook: answer(409),
      portal: answer(200),
      route: async () => null,
    };
    const counted = countedHandlers(handlers, checkoutMetrics());
    await counted.sessions(new Request('http://x/api/checkout-sessions'), { clientAddress: '203.0.113.1' });
    await counted.route(new Request('http://x/api/stripe-webhook'), { clientAddress: '203.0.113.1' });
    expect(recorded).toEqual([
      { name: METRIC_NAMES.sessions, value: 1, attributes: { outcome: 'created' } },
      { name: METRIC_NAMES.webhooks, value: 1, attributes: { outcome: 'in_progress' } },
    ]);
  });

  it("Stripe's latency from stripe-node's own response event, the path without ids", async () => {
    const api = http.createServer((_req, res) =>
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"id":"cs_test_1","object":"checkout.session"}'),
    );
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    try {
      const stripe = new Stripe('sk_test_metrics', {
        host: '127.0.0.1',
        port: (api.address() as AddressInfo).port,
        protocol: 'http',
        maxNetworkRetries: 0,
      });
      const stop = measureStripe(stripe);
      recorded.length = 0;
      await stripe.checkout.sessions.retrieve('cs_test_1');
      stop();
      expect(recorded).toEqual([
        {
          name: METRIC_NAMES.stripeDuration,
          value: expect.any(Number),
          attributes: { method: 'GET', path: '/v1/checkout/sessions/:id', status: 200 },
        },
      ]);
    } finally {
      await new Promise<void>((resolve) => (api.closeAllConnections(), api.close(() => resolve())));
    }
  });
});
