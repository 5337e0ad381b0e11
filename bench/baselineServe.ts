// Runs inside another commit's worktree (bench/baseline.ts starts it there, with that commit's
// node_modules and tsconfig): builds that commit's bench pages with its own configs and serves them
// with its own page edits, as its own `npm run bench` would, then prints their URLs as one JSON line
// and serves until its stdin closes. Everything of the commit is loaded by path at run time, so this
// file imports nothing of ours: a commit's bench modules are the only contract.
//
//   node -r ts-node/register <ours>/bench/baselineServe.ts build|serve   (cwd: the commit's worktree)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

/** The pages a baseline is compared on; `verified` and `unverified` by what they do, whatever that commit named them. */
export type ComparedPage = 'direct' | 'verified' | 'unverified' | 'element';
export interface BaselineUrls {
  remoteUrl: string;
  pages: Record<ComparedPage, string>;
  /** That commit's wallets page (on the build its own bench measured wallets on). */
  wallets: string;
}

// The shapes of that commit's bench modules this file uses (every commit since the bench had a
// standalone page has them; a member missing is a step that commit did not have).
type Handler = (req: IncomingMessage, res: ServerResponse) => boolean;
interface Served {
  url: string;
  close(): Promise<void>;
}
interface CommitModules {
  benchSigningKey?: () => { keyFile: string };
  BENCH_REMOTE_PORT: number;
  buildStandalonePage?: () => void;
  startStaticServer: (options: { root: string; port?: number; handle?: Handler }) => Promise<Served>;
  editPage: (html: string, edits: object) => string;
  htmlHandler: (html: string) => Handler;
  chunkPreloadLinks: (manifestUrl: string, expose: string) => Promise<string>;
  inventoryIntegrity: (dist: string) => Map<string, string>;
  pinPreloads: (html: string, remoteUrl: string, integrity: Map<string, string>) => string;
  serveStandalonePage: (remoteUrl: string) => Promise<Served>;
  walletSessionHandler: Handler;
  walletsPageUrl: (url: string) => string;
  /** Since the wallet session takes Stripe's time to answer; before, it answered at once. */
  WALLET_SESSION_MS?: number;
  BENCH_SESSIONS_PATH?: string;
  VARIANTS: string[];
}
const DIR = process.cwd();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const own = (file: string) => require(path.join(DIR, file)) as CommitModules;
const bench = (file: string) => own(`bench/${file}`);

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(command, args, { cwd: DIR, encoding: 'utf8', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`baseline ${label} failed:\n${result.stdout}\n${result.stderr}`);
}

/** What that commit's run.ts builds before it measures. */
function build(): void {
  const remote = bench('remote');
  // Since the release is signed for every production build, the bench signs it with a key of its own.
  const env = remote.benchSigningKey ? { CHECKOUT_SIGNING_KEY: remote.benchSigningKey().keyFile } : {};
  const webpack = path.join(DIR, 'node_modules/.bin/webpack');
  run('remote build', webpack, ['--mode', 'production'], env);
  run('pages build', webpack, ['-c', 'bench/webpack.config.ts'], env);
  // Since the host kit's types come from @checkout/remote-types, its build needs that package's declarations first.
  if (existsSync(path.join(DIR, 'packages/remote-types/package.json')))
    run('remote types build', 'npm', ['--prefix', 'packages/remote-types', 'run', 'build'], {});
  bench('standalonePage').buildStandalonePage?.();
}

/**
 * That commit's wallet session endpoint, answering no sooner than ours (`BENCH_WALLET_SESSION_MS`,
 * Stripe's time to create a session): a commit whose endpoint answered at once is held back here, so
 * "wallets shown after Stripe.js ready" compares the code, not the two benches' endpoints.
 */
function walletSessions(modules: CommitModules): Handler {
  const { walletSessionHandler, WALLET_SESSION_MS, BENCH_SESSIONS_PATH = '/api/checkout-sessions' } = modules;
  const holdMs = Number(process.env.BENCH_WALLET_SESSION_MS ?? 0);
  if (WALLET_SESSION_MS !== undefined || !(holdMs > 0)) return walletSessionHandler;
  return (req, res) => {
    if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://bench').pathname !== BENCH_SESSIONS_PATH) return false;
    setTimeout(() => walletSessionHandler(req, res), holdMs);
    return true;
  };
}

async function serve(): Promise<void> {
  const { startStaticServer } = own(existsSync(path.join(DIR, 'serve/staticServer.ts')) ? 'serve/staticServer' : 'build/staticServer');
  const { editPage, htmlHandler } = bench('hostPage');
  const { chunkPreloadLinks } = bench('remotePreload');
  const { inventoryIntegrity, pinPreloads } = bench('verifiedPage');
  const { serveStandalonePage } = bench('standalonePage');
  const walletsPage = bench('walletsPage');
  const { walletsPageUrl } = walletsPage;
  const walletSessionHandler = walletSessions(walletsPage);
  const { VARIANTS } = bench('variants');
  const { BENCH_REMOTE_PORT } = bench('remote');
  // Until 2026-11-26 `federated` verified nothing and `verified` was its verified twin; since, `federated` verifies and `unverified` does not.
  const verifiedBuild = VARIANTS.includes('verified') ? 'verified' : 'federated';
  const unverifiedBuild = VARIANTS.includes('unverified') ? 'unverified' : 'federated';

  const remote = await startStaticServer({ root: path.join(DIR, 'dist'), port: BENCH_REMOTE_PORT });
  const edits = {
    dropStripe: false,
    dropRemote: false,
    remoteUrl: remote.url,
    chunkLinks: await chunkPreloadLinks(`${remote.url}/mf-manifest.json`, './CheckoutButton'),
  };
  const built = (name: string) => readFileSync(path.join(DIR, 'bench/dist', name, 'index.html'), 'utf8');
  const integrity = inventoryIntegrity(path.join(DIR, 'dist'));
  const html: Record<Exclude<ComparedPage, 'element'>, [string, string]> = {
    direct: ['direct', editPage(built('direct'), edits)],
    verified: [verifiedBuild, pinPreloads(editPage(built(verifiedBuild), edits), remote.url, integrity)],
    unverified: [unverifiedBuild, editPage(built(unverifiedBuild), edits)],
  };
  const servers = [remote, await serveStandalonePage(remote.url)];
  const pages = { element: `${servers[1].url}/` } as Record<ComparedPage, string>;
  for (const [page, [build, body]] of Object.entries(html) as [ComparedPage, [string, string]][]) {
    const answer = htmlHandler(body);
    const server = await startStaticServer({
      root: path.join(DIR, 'bench/dist', build),
      handle: (req, res) => answer(req, res) || walletSessionHandler(req, res),
    });
    servers.push(server);
    pages[page] = `${server.url}/`;
  }
  const urls: BaselineUrls = {
    remoteUrl: remote.url,
    pages,
    wallets: walletsPageUrl(pages[unverifiedBuild === 'federated' ? 'unverified' : 'verified']),
  };
  process.stdout.write(`${JSON.stringify(urls)}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => void Promise.all(servers.map((s) => s.close())).then(() => process.exit(0)));
}

if (require.main === module) {
  const command = process.argv[2];
  const done = command === 'build' ? Promise.resolve(build()) : serve();
  done.catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
