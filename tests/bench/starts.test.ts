/**
 * @jest-environment node
 */
// The bench's own command loads every module it runs before it reads its flags: an unknown flag is
// the first thing it can refuse, so reaching that refusal proves the whole graph resolved under the
// bench's runner (ts-node as CommonJS; the host kit's sources import each other as `./name.js`).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

it('npm run bench loads its modules and refuses an unknown flag', () => {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const [node, ...args] = scripts.bench.split(' ');
  expect(node).toBe('node');
  const run = spawnSync(process.execPath, [...args, '--no-such-flag'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  expect(run.stderr).not.toMatch(/Cannot find module/);
  expect(run.stderr).toContain('ERR_PARSE_ARGS_UNKNOWN_OPTION');
  // The one warning the script silences is the resolver's; any other would show.
  expect(run.stderr).not.toMatch(/Warning/);
  expect(run.status).not.toBe(0);
}, 90_000);
