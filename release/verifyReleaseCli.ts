// `npm run verify-release -- <release or channel URL> --public-key <base64 | file> [--public-key …]
// [--min-sequence N] [--development]`: exit 0 when every file of the release, in every encoding, matches
// its signed inventory; 1 on any drift (each drifted file named, with its encoding); 2 when it was not
// asked properly. The committed test key is accepted only with --development, and says so.
import { existsSync, readFileSync } from 'node:fs';
import { testPublicKey } from './signing';
import { verifyRelease, type ReleaseCheck } from './verifyRelease';

const USAGE =
  'usage: npm run verify-release -- <release or channel URL> --public-key <base64 key | file> [--public-key <the next key>] [--min-sequence N] [--development]';

export interface CliArgs {
  url: string;
  publicKeys: string[];
  minSequence: number;
  development: boolean;
}

export function parseArgs(args: string[]): CliArgs {
  const publicKeys: string[] = [];
  const rest: string[] = [];
  let minSequence = 0;
  let development = false;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    if (arg === '--development') development = true;
    else if (arg === '--public-key' || arg === '--min-sequence') {
      const value = args[++i];
      if (value === undefined) throw new Error(`${arg} needs a value.\n${USAGE}`);
      if (arg === '--public-key') publicKeys.push(existsSync(value) ? readFileSync(value, 'utf8').trim() : value);
      else if (!Number.isSafeInteger((minSequence = Number(value))) || minSequence < 0)
        throw new Error(`--min-sequence takes a whole number, got ${value}.\n${USAGE}`);
    } else rest.push(arg);
  }
  const url = rest[0];
  if (!url || !/^https?:\/\//.test(url)) throw new Error(`Give the URL of a release or a channel.\n${USAGE}`);
  if (!publicKeys.length && !development)
    throw new Error(`Give the publisher's public key (--public-key), or --development to check against the committed test key.\n${USAGE}`);
  return { url, publicKeys: publicKeys.length ? publicKeys : [testPublicKey()], minSequence, development };
}

export function report(check: ReleaseCheck, development: boolean): string {
  const lines = [`release ${check.releaseUrl}`];
  if (check.release) lines.push(`  ${JSON.stringify(check.release)}`);
  if (development)
    lines.push(
      '  WARNING: --development: the committed TEST KEY is accepted; a production release is signed with, and checked against, your own key.',
    );
  if (!check.drift.length)
    return [...lines, `OK: the signature and all ${check.matched} files match the inventory, in every encoding (identity, gzip, br).`].join(
      '\n',
    );
  lines.push(`DRIFT: ${check.drift.length} problem${check.drift.length > 1 ? 's' : ''} (${check.matched} files matched):`);
  for (const { path, encoding, problem } of check.drift) lines.push(`  ${path}${encoding ? ` [${encoding}]` : ''} ${problem}`);
  return lines.join('\n');
}

async function main(): Promise<number> {
  let args: CliArgs;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
  const check = await verifyRelease(args.url, {
    publisherKeys: args.publicKeys,
    minSequence: args.minSequence,
    development: args.development,
  });
  (check.drift.length ? process.stderr : process.stdout).write(`${report(check, args.development)}\n`);
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
