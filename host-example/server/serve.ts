// `npm run serve`: both production builds on the dev servers' ports, with the contract's headers
// (build/staticServer.ts) and the example's API. Build first: `npm run build`.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startStaticServer, type StaticServer } from '../../build/staticServer';
import { DEFAULT_REMOTE_URL, describeMode, loadEnvFile, readExampleConfig } from './config';
import { createExampleApi } from './exampleApi';

const ROOT = path.resolve(__dirname, '..', '..');
const REMOTE_DIST = path.join(ROOT, 'dist');
const HOST_DIST = path.join(ROOT, 'host-example', 'dist');

async function main(): Promise<void> {
  for (const [dir, what] of [
    [REMOTE_DIST, 'remote'],
    [HOST_DIST, 'host example'],
  ] as const) {
    if (!existsSync(path.join(dir, 'index.html'))) {
      console.error(`[serve] no ${what} build in ${path.relative(ROOT, dir)}/: run \`npm run build\` first.`);
      process.exit(1);
    }
  }
  loadEnvFile();
  const config = readExampleConfig();
  const hostPort = Number(process.env.HOST_PORT ?? 3000);
  const remotePort = Number(process.env.REMOTE_PORT ?? 3001);
  const api = createExampleApi({
    config,
    remoteUrl: process.env.REMOTE_URL ?? DEFAULT_REMOTE_URL,
    dev: false,
    publicOrigin: `http://localhost:${hostPort}`,
  });

  const servers: StaticServer[] = [];
  servers.push(await startStaticServer({ root: REMOTE_DIST, port: remotePort }));
  servers.push(await startStaticServer({ root: HOST_DIST, port: hostPort, handle: api, spaFallback: true }));

  console.log(`[serve] remote        ${servers[0].url}/mf-manifest.json`);
  console.log(`[serve] host example  ${servers[1].url}  (${describeMode(config)})`);
  if (config.notice) console.log(`[serve] note: ${config.notice}`);
  console.log('[serve] Ctrl-C to stop');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[serve] ${signal}: stopping`);
    await Promise.all(servers.map((server) => server.close()));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('[serve] could not start:', error);
  process.exit(1);
});
