// Health for an orchestrator, as Web handlers a framework host mounts too. `/healthz`: the process
// answers (liveness; never the database, or a database blip would restart every instance). `/readyz`:
// the database answers a query within its bound, and the process is not draining: from SIGTERM on it
// answers 503, so a load balancer stops sending before the server stops taking connections.
import type { Database } from '../db/sql';
import type { Logger } from '../log/logger';
import { jsonResponse } from './http';

export const HEALTH_PATHS = { live: '/healthz', ready: '/readyz' } as const;

export interface HealthHandlers {
  healthz(request: Request): Promise<Response>;
  readyz(request: Request): Promise<Response>;
  /** From now on `/readyz` answers 503 (a drain has begun); it never turns back. */
  drain(): void;
  /** Answers the two paths, null for any other. */
  route(request: Request): Promise<Response | null>;
}

export interface HealthOptions {
  db: Pick<Database, 'query'>;
  /** How long the database has to answer `SELECT 1` (DATABASE_RECORD_TIMEOUT_MS: a payment's own bound). */
  timeoutMs: number;
  logger?: Logger;
}

export function createHealthHandlers({ db, timeoutMs, logger }: HealthOptions): HealthHandlers {
  let draining = false;
  let lastUnready: string | null = null;
  const databaseAnswers = async (): Promise<string | null> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(`no answer within ${timeoutMs} ms`), timeoutMs)));
    try {
      return await Promise.race([db.query('SELECT 1').then(() => null), late]);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    } finally {
      clearTimeout(timer);
    }
  };
  const healthz = async () => jsonResponse(200, { status: 'live' });
  const readyz = async () => {
    if (draining) return jsonResponse(503, { status: 'draining' });
    const problem = await databaseAnswers();
    // One line when readiness changes, not one per probe.
    if (problem !== lastUnready) {
      if (problem) logger?.warn({ code: 'database_unready', reason: problem }, 'Not ready: the database does not answer.');
      else if (lastUnready) logger?.info({ code: 'database_ready' }, 'Ready: the database answers again.');
      lastUnready = problem;
    }
    return problem ? jsonResponse(503, { status: 'database_unavailable' }) : jsonResponse(200, { status: 'ready' });
  };
  return {
    healthz,
    readyz,
    drain: () => void (draining = true),
    async route(request) {
      const path = new URL(request.url).pathname;
      if (path === HEALTH_PATHS.live) return healthz();
      if (path === HEALTH_PATHS.ready) return readyz();
      return null;
    },
  };
}
