// The environment of a test's TypeScript child process (`node -r ts-node/register …`): tsNodeCache.cjs
// preloaded, so the child reuses what an earlier child transpiled, beside any NODE_OPTIONS of its own.
import path from 'node:path';

const PRELOAD = path.join(__dirname, 'tsNodeCache.cjs');

export function tsNodeChildEnv<Env extends Record<string, string | undefined>>(env: Env): Env & { NODE_OPTIONS: string } {
  const own = env.NODE_OPTIONS ?? process.env.NODE_OPTIONS ?? '';
  return { ...env, NODE_OPTIONS: `--require ${JSON.stringify(PRELOAD)} ${own}`.trim() };
}
