// The `standalone` bench page: the one-tag recipe of docs/element.md (tests/e2e/hosts/element, the
// page the browser tests run) on a plain page with no bundler and no React, its script tag pointed
// at the bench's remote. Like the recipe, it has no Stripe.js tag of its own: the element loads it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startStaticServer, type StaticServer } from '../serve/staticServer';
import { htmlHandler } from './hostPage';

const RECIPE = path.resolve(__dirname, '../tests/e2e/hosts/element');
/** The remote origin the recipe names, like a dev config. */
const CONFIGURED_REMOTE = 'http://localhost:3001';

export function standalonePage(remoteUrl: string): string {
  return readFileSync(path.join(RECIPE, 'index.html'), 'utf8').replaceAll(CONFIGURED_REMOTE, remoteUrl);
}

/** The page at `/`, the recipe's own script next to it. */
export function serveStandalonePage(remoteUrl: string): Promise<StaticServer> {
  return startStaticServer({ root: RECIPE, handle: htmlHandler(standalonePage(remoteUrl)) });
}
