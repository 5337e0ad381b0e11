#!/usr/bin/env node
// `checkout-server <command>`: one command for everything an operator runs, each a module of this
// folder with the same shape (command.ts). Logs are JSON lines on stdout (pino); the exit code is the
// command's: 0 done, 1 failed, 2 a usage or configuration error.
import { errorFields } from '../log/errorFields';
import { jsonLogger, logLevelFromEnv } from '../log/jsonLogger';
import type { Logger } from '../log/logger';
import { backup } from './backup';
import { checkConfig } from './checkConfig';
import { EXIT, type Command } from './command';
import { migrate } from './migrate';
import { prepareDb } from './prepareDb';
import { reconcile } from './reconcile';
import { restore } from './restore';
import { serve } from './serve';

const COMMANDS: Record<string, { about: string; run: Command }> = {
  serve: { about: 'serve the checkout routes, /healthz and /readyz until SIGTERM', run: serve },
  migrate: { about: "bring the orders database's schema up to this release", run: migrate },
  reconcile: {
    about: 'ship paid sessions no webhook shipped (--days N, default 7)',
    run: reconcile,
  },
  backup: { about: 'write the orders database to a dump', run: backup },
  restore: { about: 'load a dump into the orders database', run: restore },
  'prepare-db': { about: "make the embedded database's prepared cluster ahead of time (an image's build step)", run: prepareDb },
  'check-config': {
    about: 'check the environment and print the configuration, secrets redacted',
    run: checkConfig,
  },
};

export const USAGE = [
  'Usage: checkout-server <command> [options]',
  '',
  ...Object.entries(COMMANDS).map(([name, { about }]) => `  ${name.padEnd(13)} ${about}`),
  '',
  'Configured by the environment: docs/server/configure.md.',
].join('\n');

/** Runs `argv[0]` with the rest; never throws. */
export async function runCheckoutServer(
  argv: string[],
  env: NodeJS.ProcessEnv,
  logger: Logger,
  out: (text: string) => void,
): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    out(USAGE);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = COMMANDS[name];
  if (!command) {
    out(`checkout-server: no command ${name}.\n\n${USAGE}`);
    return EXIT.usage;
  }
  try {
    return await command.run(args, env, logger);
  } catch (error) {
    logger.error({ ...errorFields(error), code: 'command_failed', command: name }, `checkout-server ${name} failed.`);
    return EXIT.failed;
  }
}

if (require.main === module) {
  let level: ReturnType<typeof logLevelFromEnv> = 'info';
  try {
    level = logLevelFromEnv(process.env);
  } catch {
    // check-config and serve report it with every other bad value.
  }
  const logger = jsonLogger(level, 1);
  void runCheckoutServer(process.argv.slice(2), process.env, logger, (text) => process.stderr.write(`${text}\n`)).then((code) =>
    process.exit(code),
  );
}
