// The standalone server's logger: pino, one JSON line per event on stdout (or stderr), with `level` as a
// word, `time` in ISO 8601, and the request's `requestId` and `route` on every line written while a
// request is answered. `LOG_LEVEL` (debug, info, warn, error) picks what is written; info by default.
import pino from 'pino';
import type { Logger, LogLevel } from './logger';
import { requestFields } from './requestFields';

export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

/** `LOG_LEVEL`, checked: throws on another word (config.ts reports it with the rest). */
export function logLevelFromEnv(env: NodeJS.ProcessEnv): LogLevel {
  const level = LOG_LEVELS.find((known) => known === (env.LOG_LEVEL ?? 'info').trim().toLowerCase());
  if (!level) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not ${env.LOG_LEVEL}.`);
  return level;
}

/** Synchronous writes: a line is out before a crash or an exit, and a test reads it from the stream it passed. */
export function jsonLogger(level: LogLevel = 'info', destination: number | NodeJS.WritableStream = 1): Logger {
  const stream = typeof destination === 'number' ? pino.destination({ fd: destination, sync: true }) : destination;
  return pino(
    {
      level,
      base: { service: 'checkout-server' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => ({ ...requestFields() }),
    },
    stream,
  );
}
