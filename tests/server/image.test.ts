/** @jest-environment node */
// The container image without a Docker daemon: the packed @checkout/server installed and started in a
// clean folder by the Dockerfile's own commands (its `npm` RUN lines, its ENV, its CMD, read from the
// file, not copied here). The server answers /healthz, is ready, logs one JSON line for a refused
// Stripe call, and on SIGTERM with a session still waiting on Stripe answers /readyz 503 and is gone
// within its shutdown deadline.
import { execSync, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { packWorkspace } from '../support/packedWorkspace';
import { freePort } from '../../stand-ins/freePort';

const ROOT = path.resolve(__dirname, '../..');
const DOCKERFILE = readFileSync(path.join(ROOT, 'packages/server/Dockerfile'), 'utf8');

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
const instructions = DOCKERFILE.replace(/\\\n\s*/g, ' ')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
  .map((line) => /^(\w+)\s+(.*)$/.exec(line)!.slice(1) as [string, string]);
const envOfImage = Object.fromEntries(
  instructions.filter(([op]) => op === 'ENV').flatMap(([, args]) => [...args.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]])),
);
const installCommands = instructions.filter(([op, args]) => op === 'RUN' && args.startsWith('npm ')).map(([, args]) => args);
const [command, ...commandArgs] = JSON.parse(instructions.find(([op]) => op === 'CMD')![1]) as string[];

/** A Stripe API that refuses the first call (its connection cut) and holds every later one until released. */
function holdingStripe() {
  const held: http.ServerResponse[] = [];
  let calls = 0;
  let onHeld: () => void = () => {};
  const server = http.createServer((req, res) => {
    calls += 1;
    if (calls === 1) return void req.socket.destroy();
    held.push(res);
    onHeld();
  });
  return {
    server,
    nextHeld: () => new Promise<void>((resolve) => (onHeld = resolve)),
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

jest.setTimeout(600_000);

it("the image's install and start commands: healthy, ready, one line per refused Stripe call, and a bounded drain", async () => {
  expect(installCommands.length).toBeGreaterThan(0);
  expect(envOfImage).toMatchObject({ PORT: '8080', HOST: '0.0.0.0', NODE_ENV: 'production' });
  // Outside the repository: with no package.json of its own, npm would install into the nearest one above.
  const folder = mkdtempSync(path.join(tmpdir(), 'checkout-image-'));
  const stripe = holdingStripe();
  await new Promise<void>((resolve) => stripe.server.listen(0, '127.0.0.1', resolve));
  try {
    copyFileSync((await packWorkspace('server')).tarball, path.join(folder, 'checkout-server.tgz'));
    const started = performance.now();
    for (const line of installCommands) execSync(line, { cwd: folder, stdio: 'inherit' });
    const installMs = performance.now() - started;

    const port = await freePort();
    const env = {
      ...envOfImage,
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      ORDERS_DATA_DIR: path.join(folder, 'orders'),
      DATABASE_URL: 'memory://',
      STRIPE_SECRET_KEY: 'sk_test_image',
      STRIPE_WEBHOOK_SECRET: 'whsec_image',
      RETURN_PAGE: 'https://shop.example/return',
      STRIPE_API_URL: `http://127.0.0.1:${(stripe.server.address() as AddressInfo).port}`,
      SHUTDOWN_DELAY_MS: '1000',
      SHUTDOWN_DEADLINE_MS: '2000',
    };
    const child = spawn(command, commandArgs, { cwd: folder, env, stdio: ['ignore', 'pipe', 'inherit'] });
    const lines: Array<Record<string, unknown>> = [];
    const waiters: Array<{ match: (line: Record<string, unknown>) => boolean; resolve: () => void }> = [];
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const complete = buffered.split('\n');
      buffered = complete.pop()!;
      for (const text of complete) {
        const line = JSON.parse(text) as Record<string, unknown>;
        lines.push(line);
        for (const waiter of waiters.filter((w) => w.match(line))) waiter.resolve();
      }
    });
    const logged = (match: (line: Record<string, unknown>) => boolean) =>
      lines.some(match) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ match, resolve }));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      await logged((line) => line.code === 'listening');
      const startMs = performance.now() - started - installMs;
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: 'ready' });

      const session = (requestId: string) =>
        fetch(`${base}/api/checkout-sessions`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `image-${requestId}`, 'X-Request-Id': requestId },
          body: JSON.stringify({ productId: 'coffee-beans-1kg', mode: 'redirect' }),
        });
      expect((await session('refused-1')).status).toBe(502);
      const refusedLines = lines.filter((line) => line.requestId === 'refused-1');
      expect(refusedLines).toEqual([
        expect.objectContaining({
          level: 'error',
          route: '/api/checkout-sessions',
          code: 'StripeConnectionError',
          time: expect.any(String),
        }),
      ]);
      console.log(`one refused Stripe call: ${JSON.stringify(refusedLines[0])}`);

      const held = stripe.nextHeld();
      const inFlight = session('held-1').then(
        (response) => response.status,
        () => 'cut' as const,
      );
      await held;
      const signalled = performance.now();
      child.kill('SIGTERM');
      await logged((line) => line.code === 'stopping');
      // Within SHUTDOWN_DELAY_MS the server still answers, and says it is draining.
      expect((await fetch(`${base}/readyz`)).status).toBe(503);
      expect(await exited).toBe(0);
      const stopMs = performance.now() - signalled;
      // Exiting at all is the deadline at work (the held request never ends); the bound only fails a
      // drain that waited far past SHUTDOWN_DELAY_MS + SHUTDOWN_DEADLINE_MS (a busy machine's exit is slow).
      expect(stopMs).toBeLessThan(1_000 + 2_000 + 10_000);
      expect(await inFlight).not.toBe(200);
      expect(lines.some((line) => line.code === 'drain_deadline')).toBe(true);
      console.log(`install ${Math.round(installMs)} ms, start ${Math.round(startMs)} ms, stop ${Math.round(stopMs)} ms`);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  } finally {
    await stripe.close();
    rmSync(folder, { recursive: true, force: true });
  }
});
