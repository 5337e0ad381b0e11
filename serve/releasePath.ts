// The build in dist/ is one release: its files also answer under `/releases/<version>/`, the path a
// CDN's release directory has (docs/deployment.md) and the pinned pages name, so a page written for
// the CDN runs unchanged against `npm run serve:remote`.
import type { IncomingMessage } from 'node:http';
import rootPackage from '../package.json';

/** A `handle` for startStaticServer: rewrites `/releases/<version>/x` to `/x`, then lets the files answer. */
export function servedAsRelease(version: string = rootPackage.version): (req: IncomingMessage) => false {
  const prefix = `/releases/${version}/`;
  return (req) => {
    if (req.url?.startsWith(prefix)) req.url = `/${req.url.slice(prefix.length)}`;
    return false;
  };
}
