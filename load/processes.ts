// The load run's processes: the checkout server (server/main.ts) and the Stripe API stand-in, each a
// child of its own so the load generator does not share their event loop. Each prints one JSON line
// with its URL, and goes when the run does (its stdin closes).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

export interface Child {
  url: string;
  process: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export function startChild(script: string, env: Record<string, string>): Promise<Child> {
  const child = spawn(process.execPath, ['-r', 'ts-node/register', path.join(ROOT, script)], {
    cwd: ROOT,
    env: { ...process.env, ...env, EXIT_WITH_STDIN: '1', TS_NODE_PROJECT: path.join(ROOT, 'tsconfig.json') },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`${script} exited early (code ${code})`)));
    child.stdout.on('data', function first(chunk: Buffer) {
      out += chunk.toString();
      if (!out.includes('\n')) return;
      child.stdout.off('data', first);
      child.stdout.resume();
      const { url } = JSON.parse(out.split('\n')[0]) as { url: string };
      resolve({ url, process: child, stop: (signal = 'SIGTERM') => (child.exitCode === null && child.kill(signal), exited) });
    });
  });
}
