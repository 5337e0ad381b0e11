// The shape of every `checkout-server` subcommand: a module under server/cli/ exporting one `Command`.
// The dispatcher (checkoutServer.ts) reads nothing but the name; each command reads its own arguments
// and the environment, logs through the logger it is given, and returns the process's exit code.
import type { Logger } from '../log/logger';

/** Exit codes every command keeps: 0 done, 1 it ran and failed (a scheduler should alert), 2 a usage or configuration error. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/**
 * One subcommand. `args` are the words after its name; `env` is read once, at its start. A long-running
 * command (`serve`) resolves when it has stopped. Never throws: a failure is logged and returned as a code.
 */
export type Command = (args: string[], env: NodeJS.ProcessEnv, logger: Logger) => Promise<number>;
