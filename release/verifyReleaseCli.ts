// `npm run verify-release <release or channel URL> [--public-key <base64 | file>]`: exit 0 when every
// file of the release matches its signed inventory, 1 on any drift (each drifted file named), 2 when
// it was not asked properly. Without --public-key it checks against the committed TEST KEY, and says so.
import { existsSync, readFileSync } from 'node:fs';
import { devPublicKey } from './signing';
import { verifyRelease, type ReleaseCheck } from './verifyRelease';

const USAGE = 'usage: npm run verify-release -- <release or channel URL> [--public-key <base64 key | file>]';

export function parseArgs(args: string[]): { url: string; publicKey: string; devKey: boolean } {
  const at = args.indexOf('--public-key');
  const given = at >= 0 ? args[at + 1] : undefined;
  if (at >= 0 && !given) throw new Error(`--public-key needs a value.\n${USAGE}`);
  const url = args.filter((_, i) => at < 0 || (i !== at && i !== at + 1))[0];
  if (!url || !/^https?:\/\//.test(url)) throw new Error(`Give the URL of a release or a channel.\n${USAGE}`);
  const publicKey = given === undefined ? devPublicKey() : existsSync(given) ? readFileSync(given, 'utf8').trim() : given;
  return { url, publicKey, devKey: publicKey === devPublicKey() };
}

export function report(check: ReleaseCheck, devKey: boolean): string {
  const lines = [`release ${check.releaseUrl}`];
  if (check.release) lines.push(`  ${JSON.stringify(check.release)}`);
  if (devKey) lines.push('  WARNING: checked against the committed TEST KEY (release/keys): a production release must be signed with, and checked against, your own key (--public-key).');
  if (!check.drift.length) return [...lines, `OK: the signature and all ${check.matched} files match the inventory.`].join('\n');
  lines.push(`DRIFT: ${check.drift.length} problem${check.drift.length > 1 ? 's' : ''} (${check.matched} files matched):`);
  for (const { path, problem } of check.drift) lines.push(`  ${path} ${problem}`);
  return lines.join('\n');
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
  const check = await verifyRelease(args.url, args.publicKey);
  (check.drift.length ? process.stderr : process.stdout).write(`${report(check, args.devKey)}\n`);
  return check.drift.length ? 1 : 0;
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`verify-release failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(2);
    },
  );
}
