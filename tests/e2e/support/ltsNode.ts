// The Node CI runs on (.nvmrc, 24 LTS). The host matrix installs, builds and serves every host with
// it, whatever Node runs jest: Angular 22 and React Router 8 refuse Node 20, and the machine's Node
// (the quick start's) may be 20. The registry's `node` package provides it; npx caches it.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './env';

export const LTS_NODE_VERSION = readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim();

let binary: Promise<string> | null = null;

/** The path of that Node's binary: jest's own when it is that Node, else npx's copy. */
export function ltsNode(): Promise<string> {
  if (process.version === `v${LTS_NODE_VERSION}`) return Promise.resolve(process.execPath);
  binary ??= promisify(execFile)('npx', ['-y', '-p', `node@${LTS_NODE_VERSION}`, '--', 'node', '-p', 'process.execPath'], {
    cwd: ROOT,
  }).then(({ stdout }) => stdout.trim());
  return binary;
}

/** An environment whose PATH starts with that Node, so `npm` and the tools it starts run on it. */
export function withNode(node: string, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, PATH: `${path.dirname(node)}${path.delimiter}${env.PATH ?? ''}` };
}
