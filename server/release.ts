// Which build of the server half this is, the way the remote states its own (`remoteRelease`): the
// package's name and version, the commit it was built from, and when. packages/server's `prepack` writes
// release.json beside the compiled code; run from the sources (ts-node, the tests) there is none.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface ServerRelease {
  name: string;
  version: string;
  commit: string;
  builtAt: string;
}

function readStamp(): ServerRelease {
  try {
    return JSON.parse(readFileSync(path.join(__dirname, 'release.json'), 'utf8')) as ServerRelease;
  } catch {
    return { name: '@checkout/server', version: '0.0.0-unbundled', commit: 'unknown', builtAt: '' };
  }
}

export const serverRelease: ServerRelease = Object.freeze(readStamp());
