// How a database command ends on an error: one line with the error's own code when it has one (a
// refusal's `schema_too_new`, `database_engine_mismatch`), else the command's, and exit code 1.
import type { Logger } from '../log/logger';
import { EXIT } from './command';

export function failed(logger: Logger, error: unknown, fallbackCode: string): number {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  logger.error({ code: typeof code === 'string' ? code : fallbackCode, err: error }, message);
  return EXIT.failed;
}
