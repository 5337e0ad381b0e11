// server/main.ts as real child processes (ts-node), against the Stripe API stand-in and a warehouse
// stand-in: what a test kills with SIGKILL, restarts, or runs twice on one Postgres.
import { startServerProcess } from '../../e2e/support/serverProcess';
import { tsNodeChildEnv } from '../../support/tsNodeChild';

export interface ServerChild {
  url: string;
  pid: number;
  kill(signal?: NodeJS.Signals): void;
}

/** `onLog` hears the server's log (stderr) as it comes, before it listens too. */
export async function startServerChild(env: Record<string, string>, onLog?: (text: string) => void): Promise<ServerChild> {
  const { pid, urls } = await startServerProcess<{ url: string }>(
    '../../../server/main.ts',
    tsNodeChildEnv({ EXIT_WITH_STDIN: '1', ...env }),
    'server/main.ts',
    onLog,
  );
  return {
    url: urls.url,
    pid,
    kill(signal = 'SIGTERM') {
      try {
        process.kill(pid, signal);
      } catch {
        // Gone already: nothing to stop.
      }
    },
  };
}

/** Resolves once `pid` is gone. */
export async function exited(pid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
