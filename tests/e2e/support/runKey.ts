// The publisher key of a run of the browser tests: made once into .tmp/e2e/signing-key/ (never
// committed), it signs the e2e build's release inventory, and the pinned pages trust its public half.
import path from 'node:path';
import { runSigningKey, type SigningKey } from '../../../release/signing';
import { E2E_TMP } from './env';

export const RUN_KEY_DIR = path.join(E2E_TMP, 'signing-key');

export const runKey = (): SigningKey & { keyFile: string } => runSigningKey(RUN_KEY_DIR);
