// The package's `prepack` (`npm pack --workspace packages/server`, or `npm run pack`): the server half
// compiled to CommonJS with its declarations (tsconfig.json here) into dist/, stamped with its release
// (name, version, commit, build time: server/release.ts reads it), with the repository's LICENSE and
// the embedded database's prepared cluster beside its module (a first start unpacks it: no initdb).
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readRelease } from '../../release/release';
import { PREPARED_CLUSTER_FILE, preparedClusterFile } from '../../server/db/preparedCluster';

const ROOT = path.resolve(__dirname, '../..');
const HERE = __dirname;

rmSync(path.join(HERE, 'dist'), { recursive: true, force: true });
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(HERE, 'tsconfig.json')], {
  cwd: HERE,
  stdio: 'inherit',
});
const pkg = JSON.parse(readFileSync(path.join(HERE, 'package.json'), 'utf8')) as { name: string; version: string };
const release = { ...readRelease(ROOT), name: pkg.name, version: pkg.version };
writeFileSync(path.join(HERE, 'dist/server/release.json'), `${JSON.stringify(release, null, 2)}\n`);
copyFileSync(path.join(ROOT, 'LICENSE'), path.join(HERE, 'LICENSE'));

preparedClusterFile((line) => console.log(line)).then(
  (file) => copyFileSync(file, path.join(HERE, 'dist/server/db', PREPARED_CLUSTER_FILE)),
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
