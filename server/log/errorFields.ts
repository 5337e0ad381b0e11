// An error as log fields: what failed and its code, on one line. A Stripe error carries its type and
// code (a refused connection is `StripeConnectionError`); its stack says nothing the type does not, and
// printed whole (with its raw response and headers) one refused connection took 53 lines.
import type { Logger, LogFields } from './logger';

/**
 * `code` (Stripe's `code` or `type`, Node's `code`) and `error` ({ type, message, status?, stack? }):
 * plain fields under a key of their own, so pino's `err` serializer (which would copy a Stripe error's
 * raw response and headers) leaves them as they are.
 */
export function errorFields(error: unknown): LogFields {
  if (!(error instanceof Error)) return { error: { message: String(error) } };
  const e = error as Error & { type?: string; code?: string; statusCode?: number };
  const stripe = typeof e.type === 'string' && e.type.startsWith('Stripe');
  const code = e.code ?? (stripe ? e.type : undefined);
  return {
    ...(code ? { code: String(code) } : {}),
    error: {
      type: stripe ? e.type : e.name,
      message: e.message,
      ...(e.statusCode ? { status: e.statusCode } : {}),
      ...(stripe ? {} : { stack: e.stack }),
    },
  };
}

/** The `(message, error)` callback older modules take, writing through a Logger: one line per failure. */
export function logCallback(logger: Logger): (message: string, error?: unknown) => void {
  return (message, error) => (error === undefined ? logger.error({}, message) : logger.error(errorFields(error), message));
}

/** The `(line)` callback for what a module says in passing (the warehouse's shipped orders). */
export function infoCallback(logger: Logger): (line: string) => void {
  return (line) => logger.info({}, line);
}
