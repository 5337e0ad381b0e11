import path from 'node:path';
import { runSigningKey } from '../release/signing';

// Where the bench serves the remote. A fixed port: the federated host is built with this URL, as a
// production host is built with its CDN's, and its HTML preloads from it.
export const BENCH_REMOTE_PORT = Number(process.env.BENCH_REMOTE_PORT ?? 3091);
export const BENCH_MANIFEST_URL = `http://localhost:${BENCH_REMOTE_PORT}/mf-manifest.json`;

/** The publisher key the bench's release is signed with: made for the bench into .tmp/bench/ (never committed). */
export const benchSigningKey = () => runSigningKey(path.resolve(__dirname, '../.tmp/bench/signing-key'));
