// Starts a TypeScript server script in a child process and waits for the one JSON line it prints
// with its URLs. The child holds no handle on jest: it stops when jest's end closes its stdin, or
// when a teardown kills it by PID.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './env';

export interface ServerProcess<Urls> {
  pid: number;
  urls: Urls;
}

/**
 * `script` is a path under this folder; `env` reaches the child next to jest's own environment.
 * `onStderr` hears what the child writes on stderr (its log), which still reaches ours.
 */
export function startServerProcess<Urls>(
  script: string,
  env: Record<string, string>,
  what: string,
  onStderr?: (text: string) => void,
): Promise<ServerProcess<Urls>> {
  const child = spawn(process.execPath, ['-r', 'ts-node/register', path.join(__dirname, script)], {
    cwd: ROOT,
    env: { ...process.env, ...env, TS_NODE_PROJECT: path.join(ROOT, 'tsconfig.json') },
    stdio: ['pipe', 'pipe', onStderr ? 'pipe' : 'inherit'],
  });
  const stdout = child.stdout!;
  child.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    onStderr?.(chunk.toString());
  });
  return new Promise((resolve, reject) => {
    let out = '';
    // Its start compiles the servers (ts-node) and opens an in-memory Postgres (PGlite, WASM): 29 s
    // measured on 2 cores under a load average of 18, more than 90 s beside the host matrix's servers at 24;
    // load 40 beside a CPU hog stretches it again: only a failure deadline, far from what it measures.
    const timer = setTimeout(() => fail(new Error(`${what} did not start within 600 s`)), 600_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      if (child.pid) child.kill('SIGKILL');
      reject(error);
    };
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`${what} exited early (code ${code})`)));
    stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('\n')) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      stdout.removeAllListeners('data');
      stdout.resume();
      child.unref();
      (child.stdin as unknown as { unref?: () => void }).unref?.();
      (stdout as unknown as { unref?: () => void }).unref?.();
      (child.stderr as unknown as { unref?: () => void } | null)?.unref?.();
      resolve({ pid: child.pid!, urls: JSON.parse(out.split('\n')[0]) as Urls });
    });
  });
}

/**
 * The child's side: prints its URLs (the one JSON line the parent waits for) and serves until told to
 * stop (SIGTERM, SIGINT) or until its parent goes away: the parent holds our stdin, and when it dies
 * (even by SIGKILL) stdin ends and we go too.
 */
export function serveUntilParentExits(servers: Array<{ close(): Promise<void> }>, urls: object): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void Promise.all(servers.map((s) => s.close())).finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.stdin.on('end', stop);
  process.stdin.on('error', stop);
  process.stdin.resume();
  process.stdout.write(`${JSON.stringify(urls)}\n`);
}

export { freePort } from '../../../stand-ins/freePort';
