// The fields of the request being answered (its id, its route), kept for everything that runs on its
// behalf: a module that logs needs no request in its hands for its line to name the request. The
// adapters set them; the JSON logger adds them to every line (jsonLogger.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export interface RequestFields {
  requestId: string;
  route: string;
}

const current = new AsyncLocalStorage<RequestFields>();

/** The fields of the request this code runs for, if any. */
export const requestFields = (): RequestFields | undefined => current.getStore();

/** Runs `work` as the request's: its `X-Request-Id` (from a proxy, at most 128 visible characters) or a fresh one. */
export function withRequestFields<T>(headers: { get(name: string): string | null }, route: string, work: () => T): T {
  const given = headers.get('x-request-id');
  const requestId = given && /^[\x21-\x7e]{1,128}$/.test(given) ? given : randomUUID();
  return current.run({ requestId, route }, work);
}
