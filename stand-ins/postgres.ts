// A throwaway Postgres cluster for the tests and the load run: Debian's server binaries (`apt-get install postgresql`), a
// fresh data directory, a free loopback port, trust auth, no fsync. initdb and pg_ctl refuse to run
// as root, so as root they run as the `postgres` user over a directory it owns. Starts in about a second.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './freePort';

export interface TestPostgres {
  /** A URL for a database of its own (created on call), so tests never see each other's rows. */
  database(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** The server's bin directory (the newest installed), or null when Postgres is not installed. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], 'bin') : null;
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('Postgres is not installed: apt-get install -y postgresql');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'checkout-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString());
    chownSync(dir, id('-u'), id('-g'));
  }
  const run = (tool: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : path.join(bin, tool), asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args, {
      stdio: 'pipe',
      cwd: os.tmpdir(),
    });
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  const base = `postgres://postgres@127.0.0.1:${port}`;
  return {
    async database(name) {
      const admin = new pg.Client({ connectionString: `${base}/postgres` });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name.replace(/\W/g, '_')}"`).finally(() => admin.end());
      return `${base}/${name.replace(/\W/g, '_')}`;
    },
    async stop() {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
