// `checkout-server migrate`: not built yet in this branch (the database's own commands replace this file).
import { EXIT, type Command } from './command';

export const migrate: Command = async (_args, _env, logger) => {
  logger.error({ code: 'not_built' }, 'checkout-server migrate is not built yet.');
  return EXIT.usage;
};
