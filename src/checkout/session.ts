import type { SessionContext, SessionMode, SessionResult } from '../core/types';
import { startTimer } from '../core/bounds';
import { checkoutError, toCheckoutError } from '../core/errors';
import { newIdempotencyKey } from './idempotencyKey';
import { refusedAnswerError } from './refusedAnswer';
import { sessionRequestBody } from './requestBody';

export interface SessionSource {
  createSession?: (ctx: SessionContext) => Promise<SessionResult>;
  sessionEndpoint?: string;
  sessionBody?: unknown;
}

export interface SessionRequest extends SessionSource {
  /** The kind of session to ask for: sent as `mode` (endpoint) or `ctx.mode` (createSession). */
  mode: SessionMode;
  timeoutMs: number;
  /** The same key for every attempt at one session (a wallet session's retries); fresh when absent. */
  idempotencyKey?: string;
  /** The caller's signal (unmount). When it aborts, the request is abandoned: see `ABORTED`. */
  signal: AbortSignal;
}

/** Rejection reason when the caller aborted: not an error to show anyone. */
export const ABORTED = Symbol('aborted');

async function fromEndpoint(endpoint: string, sessionBody: unknown, ctx: SessionContext): Promise<unknown> {
  const built = sessionRequestBody(sessionBody, ctx.mode);
  if ('error' in built) throw built.error;
  const send = () =>
    fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': ctx.idempotencyKey },
      body: JSON.stringify(built.body),
      credentials: 'same-origin',
      signal: ctx.signal,
    });
  return answerOf(endpoint, send);
}

/** The endpoint's answer to a request `send` makes (or the page made before us): its JSON, or a CheckoutError. */
export async function answerOf(endpoint: string, send: () => Promise<Response>): Promise<unknown> {
  let response: Response;
  try {
    response = await send();
  } catch (cause) {
    throw checkoutError('session_failed', `POST ${endpoint} failed: network error.`, cause);
  }
  if (!response.ok) {
    // Its `{ error }` sentence is for the developer; the person reads the button's own text.
    const bodyText = await response.text().catch(() => '');
    const { status, statusText } = response;
    throw refusedAnswerError({ endpoint, status, statusText, bodyText, retryAfter: response.headers.get('Retry-After') }, Date.now());
  }
  try {
    return await response.json();
  } catch (cause) {
    throw checkoutError('session_failed', `POST ${endpoint} answered ${response.status} but not with JSON.`, cause);
  }
}

async function fromSource(source: SessionSource, ctx: SessionContext): Promise<unknown> {
  const { createSession, sessionEndpoint } = source;
  if (!createSession === !sessionEndpoint) {
    throw checkoutError(
      'session_failed',
      'CheckoutButton needs exactly one of createSession (a function returning { url } or { clientSecret }) or sessionEndpoint (a URL to POST to).',
    );
  }
  if (sessionEndpoint) return fromEndpoint(sessionEndpoint, source.sessionBody, ctx);
  try {
    return await createSession!(ctx);
  } catch (cause) {
    throw toCheckoutError('session_failed', 'createSession threw', cause);
  }
}

/** The session must carry what the mode needs: a URL to leave for, or a client secret to embed (or for the wallets). */
export function validateSession(value: unknown, mode: SessionMode): SessionResult {
  const field = mode === 'redirect' ? 'url' : 'clientSecret';
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const found = record[field];
  if (typeof found !== 'string' || found.length === 0) {
    throw checkoutError('invalid_session', `The session has no usable ${field} (${mode} mode needs { ${field}: string }).`);
  }
  if (mode === 'redirect') return { url: found };
  if (mode !== 'wallets') return { clientSecret: found };
  // Wallets: Stripe's `expires_at` and the seconds left, so the button can renew the session before it runs out.
  const { expiresAt, expiresIn } = record;
  return {
    clientSecret: found,
    ...(typeof expiresAt === 'number' && Number.isFinite(expiresAt) ? { expiresAt } : {}),
    ...(typeof expiresIn === 'number' && Number.isFinite(expiresIn) ? { expiresIn } : {}),
  };
}

/**
 * One session request, bounded by `timeoutMs` even when `createSession` ignores its signal.
 * Rejects with a CheckoutError, or with ABORTED when the caller's signal aborted first.
 */
export function requestSession(request: SessionRequest): Promise<SessionResult> {
  const controller = new AbortController();
  const ctx: SessionContext = {
    mode: request.mode,
    idempotencyKey: request.idempotencyKey ?? newIdempotencyKey(),
    signal: controller.signal,
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort = () => {};

  const limits = new Promise<never>((_, reject) => {
    timer = startTimer(() => {
      controller.abort();
      reject(checkoutError('session_timeout', `No session within ${request.timeoutMs} ms.`));
    }, request.timeoutMs);
    onAbort = () => {
      controller.abort();
      reject(ABORTED);
    };
    if (request.signal.aborted) onAbort();
    else request.signal.addEventListener('abort', onAbort);
  });

  return Promise.race([fromSource(request, ctx).then((value) => validateSession(value, request.mode)), limits]).finally(() => {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', onAbort);
  });
}

export function isAborted(reason: unknown): boolean {
  return reason === ABORTED;
}
