// The little HTTP the handlers share, on Web-standard `Request` and `Response` only (no node:http):
// read a request's raw body (bounded in size and time), answer JSON.
import { positiveOr, startTimer } from '../../src/core/bounds';

/** What the host's framework or our adapter knows of the request beyond its bytes. */
export interface CheckoutContext {
  /**
   * The client's address, as resolved by the adapter or the framework (behind trusted proxies, the
   * address they vouch for; never an `X-Forwarded-For` entry taken on trust). Per-client limits and the
   * form's fingerprint key on it.
   */
  clientAddress: string;
}

/** One route: a Web request in, a Web response out. */
export type Handler = (request: Request, context: CheckoutContext) => Promise<Response>;

/** A Checkout request or a Stripe event is a few kilobytes; anything far larger is refused. */
export const MAX_BODY_BYTES = 256 * 1024;

/**
 * How much of a refused body is still read (and dropped) so the client receives the 413: a server
 * that closes a socket with unread bytes in it sends a reset, and the client's TCP stack may drop the
 * answer it had not read yet. Past this, reading stops and the connection is closed with the answer.
 */
export const MAX_DISCARD_BYTES = 16 * MAX_BODY_BYTES;

/**
 * How long a body may take to arrive: a few kilobytes take milliseconds. A client sending a byte at a
 * time would otherwise hold its socket (and a handler) for Node's default request timeout, 300 s.
 */
export const BODY_TIMEOUT_MS = 10_000;

/** The body did not arrive within its time: answered 408, and the connection closed. */
export class BodyTimeout extends Error {}

export class BodyTooLarge extends Error {
  /** Reading stopped past MAX_DISCARD_BYTES: the rest of the body was never read. */
  constructor(
    message: string,
    readonly cut = false,
  ) {
    super(message);
  }
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return all;
}

/** One read per request: an adapter may read the body ahead of a framework's parsers (readBodyAhead). */
const bodies = new WeakMap<Request, Promise<Uint8Array>>();

/**
 * The bytes as they arrived: a webhook's signature is computed over exactly these. Read once per
 * request; a second call gets the first one's bytes (or its failure).
 */
export function readRawBody(request: Request, limit = MAX_BODY_BYTES, timeoutMs = BODY_TIMEOUT_MS): Promise<Uint8Array> {
  let read = bodies.get(request);
  if (!read) {
    read = readOnce(request, limit, timeoutMs);
    // The failure is the handler's to answer; an adapter that only reads ahead must not leave it unhandled.
    read.catch(() => {});
    bodies.set(request, read);
  }
  return read;
}

/**
 * For adapters whose framework parses bodies before the routes run (Express): reads the body now,
 * within the routes' bounds; the handler later answers with these bytes, or with the failure's refusal.
 * Resolves to false when the body could not be taken (the handler's answer says why).
 */
export function readBodyAhead(request: Request, timeoutMs = BODY_TIMEOUT_MS): Promise<boolean> {
  return readRawBody(request, MAX_BODY_BYTES, timeoutMs).then(
    () => true,
    () => false,
  );
}

async function readOnce(request: Request, limit: number, timeoutMs: number): Promise<Uint8Array> {
  if (request.bodyUsed) throw new Error('The request body was already read (a body parser ran before the checkout routes).');
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const read = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_DISCARD_BYTES) throw new BodyTooLarge(`the body is over ${MAX_DISCARD_BYTES} bytes`, true);
      // Past the limit the rest is still read and dropped, so the client gets to read the 413.
      if (size <= limit) chunks.push(value);
    }
    if (size > limit) throw new BodyTooLarge(`the body is over ${limit} bytes`);
    return concat(chunks, size);
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = startTimer(() => reject(new BodyTimeout()), positiveOr(timeoutMs, BODY_TIMEOUT_MS))),
  );
  try {
    return await Promise.race([read, late]);
  } catch (error) {
    // Nothing more is read: the answer says Connection: close, so the rest never holds the socket.
    reader.cancel().catch(() => {});
    read.catch(() => {});
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** How a handler answers a body it cannot take: JSON `{ error }` by default, a page for a form. */
export type BodyRefusal = (status: 400 | 408 | 413, message: string, headers: Record<string, string>) => Response;

/** The body, or the refusal to answer with: 413 when too large, 408 when too slow, 400 when it could not be read. */
export async function readBodyOrRefuse(
  request: Request,
  timeoutMs = BODY_TIMEOUT_MS,
  refuse: BodyRefusal = errorResponse,
): Promise<{ body: Uint8Array } | { refusal: Response }> {
  try {
    return { body: await readRawBody(request, MAX_BODY_BYTES, timeoutMs) };
  } catch (error) {
    // Closed after the answer: the rest of a slow or refused body is never waited for.
    if (error instanceof BodyTimeout) return { refusal: refuse(408, 'The request body took too long to arrive.', { Connection: 'close' }) };
    if (error instanceof BodyTooLarge)
      return { refusal: refuse(413, `The body is over ${MAX_BODY_BYTES} bytes.`, { Connection: 'close' }) };
    return { refusal: refuse(400, 'The request body could not be read.', {}) };
  }
}

/** A body of known bytes with its Content-Length, so an adapter need not chunk it. */
export function bytesResponse(status: number, text: string, headers: Record<string, string>): Response {
  const bytes = new TextEncoder().encode(text);
  return new Response(bytes, { status, headers: { 'Content-Length': String(bytes.byteLength), ...headers } });
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return bytesResponse(status, JSON.stringify(body), {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers,
  });
}

/** Every refusal has the same shape: `{ error: "<a sentence a developer can act on>" }`. */
export function errorResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return jsonResponse(status, { error: message }, headers);
}

/** 405 with the method the route takes, or null when the request's method is that one. */
export function refuseMethod(request: Request, allowed: 'GET' | 'POST'): Response | null {
  return request.method === allowed ? null : errorResponse(405, `Use ${allowed}.`, { Allow: allowed });
}
