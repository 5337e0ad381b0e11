// `checkout-server restore`: not built yet in this branch (the database's own commands replace this file).
import { EXIT, type Command } from './command';

export const restore: Command = async (_args, _env, logger) => {
  logger.error({ code: 'not_built' }, 'checkout-server restore is not built yet.');
  return EXIT.usage;
};
