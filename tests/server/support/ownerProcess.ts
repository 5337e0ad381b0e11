// Runs support/ordersOwner.ts as a child, optionally in a PID namespace of its own (`unshare`, where it
// is PID 1, as in a container), and reads its JSON lines. `unshareAvailable` says whether this machine
// can make such a namespace (root and util-linux's unshare).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { tsNodeChildEnv } from '../../support/tsNodeChild';

const ROOT = path.resolve(__dirname, '../../..');
const NAMESPACE = ['--pid', '--fork', '--mount-proc', '--kill-child'];

export const unshareAvailable = (): boolean => spawnSync('unshare', [...NAMESPACE, 'true']).status === 0;

export interface OwnerProcess {
  child: ChildProcess;
  /** The next line with one of `keys` (earlier lines are kept for later calls). */
  next(keys: string | string[], timeoutMs?: number): Promise<Record<string, unknown>>;
  send(command: string): void;
  exited: Promise<number | null>;
}

export function startOwner(dir: string, { namespace = false, heartbeatMs = 200, staleMs = 4_000, env = {} } = {}): OwnerProcess {
  const node = [
    process.execPath,
    '-r',
    'ts-node/register',
    path.join(__dirname, 'ordersOwner.ts'),
    dir,
    String(heartbeatMs),
    String(staleMs),
  ];
  const [command, ...args] = namespace ? ['unshare', ...NAMESPACE, ...node] : node;
  const child = spawn(command, args, {
    cwd: ROOT,
    env: tsNodeChildEnv({ ...process.env, ...env, TS_NODE_PROJECT: path.join(ROOT, 'tsconfig.json') }),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines: Array<Record<string, unknown>> = [];
  const waiters = new Set<() => void>();
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(JSON.parse(line) as Record<string, unknown>);
    waiters.forEach((wake) => wake());
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    child,
    exited,
    send: (line) => child.stdin.write(`${line}\n`),
    next: (keys, timeoutMs = 90_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no ${JSON.stringify(keys)} line within ${timeoutMs} ms; got ${JSON.stringify(lines)}`)),
          timeoutMs,
        );
        const look = () => {
          const index = lines.findIndex((line) => [keys].flat().some((key) => key in line));
          if (index < 0) return;
          waiters.delete(look);
          clearTimeout(timer);
          resolve(lines.splice(index, 1)[0]);
        };
        waiters.add(look);
        look();
      }),
  };
}
