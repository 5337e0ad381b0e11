// `checkout-server check-config`: reads the environment as `serve` would and opens nothing. Prints
// the resolved configuration (secrets redacted) and exits 0, or names every bad value and exits 2: a
// deploy pipeline runs it before it rolls anything out.
import { ConfigError } from '../config';
import { describeConfig, readStandaloneConfig } from './standaloneConfig';
import { EXIT, type Command } from './command';

export const checkConfig: Command = async (_args, env, logger) => {
  try {
    const config = readStandaloneConfig(env);
    logger.info({ code: 'config', config: describeConfig(config, env) }, 'The configuration is valid.');
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    logger.error({ code: 'config_invalid', problems: error.problems }, error.message);
    return EXIT.usage;
  }
};
