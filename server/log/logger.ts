// One logger interface for the whole server half, in pino's `(object, message)` shape, so a host's
// pino, Fastify's `request.log` or any object with these four methods plugs in as it is. Fields are
// structured (`route`, `requestId`, `code`, `err`), never interpolated into the message: a log
// pipeline filters on fields. Modules take a `Logger` from their options and default to `silentLogger`
// only in tests; the assembly (backend.ts, main.ts) decides where lines go.

/** Structured fields of one line. `err` carries an Error (pino serialises it); `code` names the failure. */
export interface LogFields {
  [field: string]: unknown;
  err?: unknown;
  code?: string;
}

type LogMethod = (fields: LogFields, message: string) => void;

/** pino's shape: `logger.warn({ code: 'stripe_unreachable', err }, 'Stripe could not be reached.')`. */
export interface Logger {
  debug: LogMethod;
  info: LogMethod;
  warn: LogMethod;
  error: LogMethod;
  /** A logger whose every line carries these fields too (pino's `child`); optional for hand-made loggers. */
  child?(bindings: LogFields): Logger;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Drops every line. */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** Every line of `base` with `bindings` added, whether or not `base` has `child`. */
export function withFields(base: Logger, bindings: LogFields): Logger {
  if (base.child) return base.child(bindings);
  const bind =
    (method: LogMethod): LogMethod =>
    (fields, message) =>
      method({ ...bindings, ...fields }, message);
  return { debug: bind(base.debug), info: bind(base.info), warn: bind(base.warn), error: bind(base.error) };
}
