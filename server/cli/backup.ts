// `checkout-server backup`: not built yet in this branch (the database's own commands replace this file).
import { EXIT, type Command } from './command';

export const backup: Command = async (_args, _env, logger) => {
  logger.error({ code: 'not_built' }, 'checkout-server backup is not built yet.');
  return EXIT.usage;
};
