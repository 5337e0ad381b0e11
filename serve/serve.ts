// `npm run serve`: the production remote (dist/) on :3001 and the host example (host-example/dist/)
// on :3000, served as a CDN would (serve/staticServer.ts), the host example with its demo server.
// `npm run serve:remote` (`serve.ts remote`): the remote alone, for a host of your own. Both answer
// the remote's files under `/releases/<version>/` too (releasePath.ts).
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { servedAsRelease } from './releasePath';
import { startStaticServer } from './staticServer';
import { demoMiddleware } from '../host-example/demo/server';
import { CHECKOUT_MANIFEST, HOST_PORT } from '../host-example/webpack.config';
import { REMOTE_PORT } from '../webpack.config';
import rootPackage from '../package.json';

const ROOT = path.resolve(__dirname, '..');

async function main(): Promise<void> {
  await startStaticServer({ root: path.join(ROOT, 'dist'), port: REMOTE_PORT, host: 'localhost', handle: servedAsRelease() });
  if (process.argv[2] === 'remote') {
    console.log(
      `remote  http://localhost:${REMOTE_PORT}/mf-manifest.json (also as release ${rootPackage.version}: /releases/${rootPackage.version}/)`,
    );
    return;
  }
  const demo = demoMiddleware(`http://localhost:${HOST_PORT}`, CHECKOUT_MANIFEST);
  const handle = (req: IncomingMessage, res: ServerResponse) =>
    new Promise<boolean>((resolve) => void demo(req, res, () => resolve(false)).then(() => res.writableEnded && resolve(true)));
  await startStaticServer({ root: path.join(ROOT, 'host-example/dist'), port: HOST_PORT, host: 'localhost', handle, spaFallback: true });
  console.log(`remote  http://localhost:${REMOTE_PORT}/mf-manifest.json\nhost    http://localhost:${HOST_PORT}/`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
