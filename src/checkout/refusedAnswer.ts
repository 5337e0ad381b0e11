// A session endpoint's non-2xx answer as a CheckoutError a developer can act on: the server's own
// sentence (`{ error: "…" }`, what server/ sends) and, when it asks to wait, how long. Pure: the
// caller reads the response and the clock.
import type { CheckoutError } from '../core/types';
import { checkoutError } from '../core/errors';

export interface RefusedAnswer {
  endpoint: string;
  status: number;
  statusText: string;
  /** The body as text ('' when it could not be read). */
  bodyText: string;
  /** The `Retry-After` header, or null. */
  retryAfter: string | null;
}

/** A sentence, not a page: longer server texts are cut here. */
export const MAX_SERVER_SENTENCE = 200;

/**
 * Anything that could be a credential: Stripe keys and webhook secrets, client secrets, JWTs, and any
 * long opaque token. The message reaches the host's logs and error reports; a server that echoes a
 * secret must not carry it there.
 */
const KEY_LIKE = /\b(?:(?:sk|rk|pk|whsec)_\w+|\w+_secret_\w+|eyJ[\w-]+\.[\w-]+\.[\w-]*|[A-Za-z0-9+/=_-]{32,})/g;

/** The statuses whose `Retry-After` means "the same request may succeed after that long" (RFC 9110, RFC 6585). */
const WAIT_STATUSES = new Set([429, 503]);

/** The `error` sentence of a JSON body `{ error: "…" }`, one line, capped, key-like tokens masked; else undefined. */
export function serverSentence(bodyText: string): string | undefined {
  let error: unknown;
  try {
    error = (JSON.parse(bodyText) as { error?: unknown } | null)?.error;
  } catch {
    return undefined;
  }
  if (typeof error !== 'string') return undefined;
  const line = error
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim()
    .replace(KEY_LIKE, '[redacted]');
  if (!line) return undefined;
  return line.length > MAX_SERVER_SENTENCE ? `${line.slice(0, MAX_SERVER_SENTENCE - 1).trimEnd()}…` : line;
}

/** `Retry-After` as ms from `nowMs`: delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, nowMs: number): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // Only a date is taken as one: Date.parse also reads bare numbers and partial strings.
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

const seconds = (ms: number) => `${Math.ceil(ms / 1000)} s`;

/** `session_failed` with the status, the server's sentence and, for 429/503 with `Retry-After`, the wait. */
export function refusedAnswerError(answer: RefusedAnswer, nowMs: number): CheckoutError {
  const status = `${answer.status} ${answer.statusText}`.trim();
  const sentence = serverSentence(answer.bodyText);
  const wait = WAIT_STATUSES.has(answer.status) ? retryAfterMs(answer.retryAfter, nowMs) : undefined;
  let message = `POST ${answer.endpoint} answered ${status}${sentence ? `: ${sentence}` : '.'}`;
  if (wait !== undefined) message += `${/[.!?…]$/.test(message) ? '' : '.'} Retry after ${seconds(wait)}.`;
  const error = checkoutError('session_failed', message);
  return wait === undefined ? error : { ...error, retryAfterMs: wait };
}
