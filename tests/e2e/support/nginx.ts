// Debian's nginx for the deployment tests: deploy/nginx.conf as it is (only `listen` and `root`
// replaced), inside a generated main config in a temp dir, on a free loopback port, as a
// foreground child stopped by its PID.
import { setTimeout as sleep } from 'node:timers/promises';
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT, loudBanner } from './env';
import { e2eSuite } from './harness';
import { freePort } from './serverProcess';

export const NGINX_CONF = path.join(ROOT, 'deploy/nginx.conf');
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export function findNginx(): string | null {
  const candidate = process.env.NGINX_PATH || '/usr/sbin/nginx';
  try {
    accessSync(candidate, constants.X_OK);
    return candidate;
  } catch {
    return null;
  }
}

/** Debian packages brotli_static apart (libnginx-mod-http-brotli-static). */
export const hasBrotliModule = (): boolean => existsSync(BROTLI_MODULE);

export interface RunningNginx {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** The document root: put the files to serve under it. */
  root: string;
  pid: number;
  stop(): Promise<void>;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The server block with our port and root; without the brotli module its one directive goes. */
export function serverBlockFor(conf: string, port: number, root: string, brotli: boolean): string {
  const replace = (text: string, re: RegExp, line: string) => {
    if (!re.test(text)) throw new Error(`deploy/nginx.conf has no line matching ${re}`);
    return text.replace(re, line);
  };
  let block = replace(conf, /^(\s*)listen\s+[^;]+;/m, `$1listen 127.0.0.1:${port};`);
  block = replace(block, /^(\s*)root\s+[^;]+;/m, `$1root ${root};`);
  return brotli ? block : block.replace(/^\s*brotli_static\s+[^;]+;\n/m, '');
}

export async function startNginx(nginx: string, options: { brotli: boolean }): Promise<RunningNginx> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'checkout-nginx-'));
  const root = path.join(dir, 'www');
  mkdirSync(root);
  const port = await freePort();
  writeFileSync(path.join(dir, 'server.conf'), serverBlockFor(readFileSync(NGINX_CONF, 'utf8'), port, root, options.brotli));
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      options.brotli ? `load_module ${BROTLI_MODULE};` : '',
      'daemon off;',
      // One process: nothing to switch users to, nothing left behind when it is stopped.
      'master_process off;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 64; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
      `  include ${path.join(dir, 'server.conf')};`,
      '}',
    ].join('\n'),
  );
  const errorLog = () => (existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : '');
  const child = spawn(nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const cleanUp = () => rmSync(dir, { recursive: true, force: true });

  const deadline = Date.now() + 10_000;
  let early: number | null | undefined;
  void exited.then((code) => (early = code));
  while (!(await accepts(port))) {
    if (early !== undefined || Date.now() > deadline) {
      if (early === undefined) child.kill('SIGKILL');
      const why = `${stderr}\n${errorLog()}`.trim();
      cleanUp();
      throw new Error(`nginx did not start on port ${port} (${early === undefined ? 'timed out' : `exit ${early}`}): ${why}`);
    }
    await sleep(50);
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    root,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      cleanUp();
    },
  };
}

/**
 * `describe` for the suites that need nginx as well as the browser set-up. Without nginx: skipped
 * with a loud message locally, one failing test under CI=true (`.ci/run` installs it).
 */
export function nginxSuite(name: string, body: () => void): void {
  if (findNginx()) {
    e2eSuite(name, body);
    return;
  }
  const reason = `no nginx at ${process.env.NGINX_PATH || '/usr/sbin/nginx'} (apt-get install -y nginx libnginx-mod-http-brotli-static, or set NGINX_PATH)`;
  if (process.env.CI === 'true') {
    describe(name, () => {
      it('needs nginx', () => {
        throw new Error(`${reason} [CI=true]`);
      });
    });
    return;
  }
  console.warn(loudBanner([`SKIPPED (nginx): ${name}`, reason]));
  describe.skip(name, body);
}
