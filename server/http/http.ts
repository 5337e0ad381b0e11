// The little HTTP the handlers share: read a request's raw body (bounded), answer JSON.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { positiveOr, startTimer } from '../../src/core/bounds';

export type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** A Checkout request or a Stripe event is a few kilobytes; anything far larger is refused. */
export const MAX_BODY_BYTES = 256 * 1024;

/**
 * How much of a refused body is still read (and dropped) so the client receives the 413: a server
 * that closes a socket with unread bytes in it sends a reset, and the client's TCP stack may drop the
 * answer it had not read yet. Past this, the connection is cut.
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
  /** The connection was cut (past MAX_DISCARD_BYTES): there is no one to answer. */
  constructor(message: string, readonly cut = false) {
    super(message);
  }
}

/** The bytes as they arrived: a webhook's signature is computed over exactly these. */
export function readRawBody(req: IncomingMessage, limit = MAX_BODY_BYTES, timeoutMs = BODY_TIMEOUT_MS): Promise<Buffer> {
  const read = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_DISCARD_BYTES) req.destroy();
      else if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => (size > limit ? reject(new BodyTooLarge(`the body is over ${limit} bytes`)) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
    req.on('close', () => size > MAX_DISCARD_BYTES && reject(new BodyTooLarge(`the body is over ${MAX_DISCARD_BYTES} bytes`, true)));
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = startTimer(() => reject(new BodyTimeout()), positiveOr(timeoutMs, BODY_TIMEOUT_MS))));
  return Promise.race([read, late]).finally(() => clearTimeout(timer));
}

/** How a handler answers a body it cannot take: JSON `{ error }` by default, a page for a form. */
export type BodyRefusal = (status: 400 | 408 | 413, message: string, headers: Record<string, string>) => void;

/** The body, or null once the request was answered: 413 when too large, 408 when too slow, 400 when it could not be read. */
export async function readBodyOrRefuse(
  req: IncomingMessage,
  res: ServerResponse,
  timeoutMs = BODY_TIMEOUT_MS,
  refuse: BodyRefusal = (...args) => sendError(res, ...args),
): Promise<Buffer | null> {
  try {
    return await readRawBody(req, MAX_BODY_BYTES, timeoutMs);
  } catch (error) {
    // Closed after the answer: the rest of a slow body is never waited for.
    if (error instanceof BodyTimeout) refuse(408, 'The request body took too long to arrive.', { Connection: 'close' });
    else if (!(error instanceof BodyTooLarge)) refuse(400, 'The request body could not be read.', {});
    else if (!error.cut) refuse(413, `The body is over ${MAX_BODY_BYTES} bytes.`, { Connection: 'close' });
    return null;
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(json)), 'Cache-Control': 'no-store', ...headers });
  res.end(json);
}

/** Every refusal has the same shape: `{ error: "<a sentence a developer can act on>" }`. */
export function sendError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  sendJson(res, status, { error: message }, headers);
}

/** 405 with the method the route takes, or false when the request's method is that one. */
export function refuseMethod(req: IncomingMessage, res: ServerResponse, allowed: 'GET' | 'POST'): boolean {
  if (req.method === allowed) return false;
  sendError(res, 405, `Use ${allowed}.`, { Allow: allowed });
  return true;
}
