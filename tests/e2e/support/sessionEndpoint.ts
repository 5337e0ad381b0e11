// The e2e session endpoint, next to the host example's page. Each test picks its behaviour in the endpoint URL itself, so
// tests never share state:  POST /api/session?key=<unique>&seq=500,ok&delay=300
//   seq    the answers in order, the last one repeating (default `ok`)
//   delay  ms before each answer (default 0)
// GET /api/session/log?key=<unique> tells what the server received for that key.
import { setTimeout as sleep } from 'node:timers/promises';
import type http from 'node:http';
import { randomBytes } from 'node:crypto';

export type SessionStep = 'ok' | 'embedded' | '500' | '429' | 'badjson' | 'hang' | 'other-origin' | 'http' | 'javascript' | 'nourl';

/** What the `429` step answers: a sentence, and a wait of RETRY_AFTER_S seconds. */
export const RETRY_AFTER_S = 2;
export const TOO_MANY_SENTENCE = 'Too many checkout sessions from this client.';

export const SESSION_PATH = '/api/session';
export const SESSION_LOG_PATH = '/api/session/log';
export const CHECKOUT_URL_PREFIX = 'https://checkout.stripe.com/c/pay/cs_test_';

export interface ReceivedSession {
  method: string;
  idempotencyKey: string | null;
  contentType: string | null;
  body: string;
  /** The client went away before we answered (abort on timeout or unmount). */
  aborted: boolean;
}

const received = new Map<string, ReceivedSession[]>();

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', () => resolve(body));
  });
}

function json(res: http.ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers }).end(JSON.stringify(value));
}

function answer(step: SessionStep, res: http.ServerResponse): void {
  const id = randomBytes(8).toString('hex');
  switch (step) {
    case 'ok':
      return json(res, 200, { url: `${CHECKOUT_URL_PREFIX}${id}` });
    case 'embedded':
      return json(res, 200, { clientSecret: `cs_test_${id}_secret_${id}` });
    case '500':
      return json(res, 500, { error: 'boom' });
    case '429':
      return json(res, 429, { error: TOO_MANY_SENTENCE }, { 'Retry-After': String(RETRY_AFTER_S) });
    case 'badjson':
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('<html>not json</html>');
      return;
    case 'other-origin':
      return json(res, 200, { url: `https://checkout.evil.example/c/pay/cs_test_${id}` });
    case 'http':
      return json(res, 200, { url: `http://checkout.stripe.com/c/pay/cs_test_${id}` });
    case 'javascript':
      return json(res, 200, { url: 'javascript:alert(document.domain)' });
    case 'nourl':
      return json(res, 200, { id: `cs_test_${id}` });
    case 'hang':
      return; // never answers; the socket closes when the client aborts or the server stops
  }
}

/** The `handle` hook for serve/staticServer.ts: answers the session routes, leaves the rest to the files. */
export async function handleSession(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const key = url.searchParams.get('key') ?? '';
  if (url.pathname === SESSION_LOG_PATH) {
    json(res, 200, received.get(key) ?? []);
    return true;
  }
  if (url.pathname !== SESSION_PATH) return false;
  if (req.method !== 'POST') {
    json(res, 405, { error: 'POST only' });
    return true;
  }
  const entry: ReceivedSession = {
    method: req.method,
    idempotencyKey: req.headers['idempotency-key']?.toString() ?? null,
    contentType: req.headers['content-type'] ?? null,
    body: await readBody(req),
    aborted: false,
  };
  const log = received.get(key) ?? [];
  log.push(entry);
  received.set(key, log);
  res.on('close', () => {
    if (!res.writableFinished) entry.aborted = true;
  });

  const steps = (url.searchParams.get('seq') ?? 'ok').split(',') as SessionStep[];
  const step = steps[Math.min(log.length - 1, steps.length - 1)];
  const delay = Number(url.searchParams.get('delay') ?? 0);
  if (delay > 0) await sleep(delay);
  if (!res.destroyed) answer(step, res);
  return true;
}
