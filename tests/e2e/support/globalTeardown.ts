// Stops the browser and the server process the global setup started (the latter by its PID), and removes
// the run's env file.
import { setTimeout as sleep } from 'node:timers/promises';
import { rmSync } from 'node:fs';
import { alive, readE2EEnv } from './env';

export default async function globalTeardown(): Promise<void> {
  await globalThis.__E2E_BROWSER__?.close().catch(() => undefined);
  globalThis.__E2E_BROWSER__ = undefined;
  const pid = globalThis.__E2E_SERVER_PID__ ?? readE2EEnv().serverPid;
  if (pid && alive(pid)) {
    process.kill(pid, 'SIGTERM');
    for (let waited = 0; alive(pid) && waited < 3000; waited += 50) await sleep(50);
    if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
  globalThis.__E2E_SERVER_PID__ = undefined;
  if (process.env.E2E_ENV_FILE) rmSync(process.env.E2E_ENV_FILE, { force: true });
}
