// `checkout-server serve`: the standalone server (main.ts) until SIGTERM or SIGINT, its JSON lines on
// stdout. Resolves with the exit code once it has drained: 0 stopped, 1 it could not start or stop.
import { ConfigError } from '../config';
import { errorFields } from '../log/errorFields';
import { startCheckoutServer, stopOnSignals } from '../main';
import { EXIT, type Command } from './command';

export const serve: Command = async (_args, env, logger) => {
  try {
    const running = await startCheckoutServer(env, logger);
    return await stopOnSignals(running, logger, env);
  } catch (error) {
    if (error instanceof ConfigError) {
      logger.error({ code: 'config_invalid', problems: error.problems }, error.message);
      return EXIT.usage;
    }
    logger.error(errorFields(error), 'checkout-server could not start.');
    return EXIT.failed;
  }
};
