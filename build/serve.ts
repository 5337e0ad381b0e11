// `npm run serve`: the production remote (dist/) on :3001 and the host example (host-example/dist/)
// on :3000, as a CDN would serve them: sirv answers the files the build precompressed (brotli, gzip)
// with the contract's headers. The host example also gets its demo server (sessions, stand-in).
import http from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
import { CORS_HEADERS, cacheControlFor } from './federation';
import { demoMiddleware } from '../host-example/demo/server';

const ROOT = path.resolve(__dirname, '..');
const REMOTE_PORT = Number(process.env.REMOTE_PORT ?? 3001);
const HOST_PORT = Number(process.env.HOST_PORT ?? 3000);

/** The remote: any origin may load it; entries are revalidated, hashed chunks kept for a year. */
export const serveRemote = (dir: string) =>
  sirv(dir, {
    brotli: true,
    gzip: true,
    dev: false,
    etag: true,
    setHeaders(res, pathname) {
      for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value);
      res.setHeader('Cache-Control', cacheControlFor(pathname));
    },
  });

function main(): void {
  const remote = serveRemote(path.join(ROOT, 'dist'));
  http.createServer((req, res) => remote(req, res, () => void res.writeHead(404).end())).listen(REMOTE_PORT);
  const page = sirv(path.join(ROOT, 'host-example/dist'), { brotli: true, gzip: true, single: true });
  const demo = demoMiddleware(`http://localhost:${HOST_PORT}`);
  http.createServer((req, res) => void demo(req, res, () => page(req, res))).listen(HOST_PORT);
  console.log(`remote  http://localhost:${REMOTE_PORT}/mf-manifest.json\nhost    http://localhost:${HOST_PORT}/`);
}

if (require.main === module) main();
