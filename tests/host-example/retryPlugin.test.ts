/**
 * @jest-environment node
 */
// Node's fetch, Response and AbortSignal.timeout; the runtime is a stand-in with what the plugin uses.
import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import {
  checkoutRetryPlugin,
  describeRemoteError,
  RemoteUnavailableError,
  retryPause,
  type AttemptFailure,
  type RemotePolicy,
} from '../../host-example/src/remote/retryPlugin';

const POLICY: RemotePolicy = { attempts: 3, timeoutMs: 50, backoffMs: 100 };
const MANIFEST_ERROR =
  '[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003\nargs: {"manifestUrl":"http://r/mf-manifest.json"}\n' +
  'View the docs to see how to solve: https://module-federation.io/guide/troubleshooting/runtime#runtime-003\n' +
  'Original Error Message:\n Error: http://r/mf-manifest.json answered 404 Not Found';
const ENTRY_ERROR =
  '[ Federation Runtime ]: Failed to load script resources. #RUNTIME-008\nargs: {}\nView the docs…\nOriginal Error Message:\n ' +
  'ScriptNetworkError: Failed to load script "http://r/remoteEntry.js" - the script URL is unreachable or the server returned an error (network failure, 404, CORS, etc.)';

function fakeOrigin(results: Array<() => unknown>) {
  const origin = {
    options: { remotes: [{ name: 'checkout', entry: 'http://r/mf-manifest.json' }] },
    registerRemotes: jest.fn(),
    loadRemote: jest.fn(async () => {
      const next = results.shift();
      if (!next) throw new Error('unexpected load');
      return next();
    }),
  };
  return origin as typeof origin & ModuleFederation;
}

function plugin(extra: Partial<Parameters<typeof checkoutRetryPlugin>[0]> = {}) {
  const failures: AttemptFailure[] = [];
  const sleeps: number[] = [];
  const p = checkoutRetryPlugin({
    remoteName: 'checkout',
    policy: POLICY,
    onAttemptFailed: (f) => failures.push(f),
    sleep: async (ms) => void sleeps.push(ms),
    ...extra,
  });
  return { p, failures, sleeps };
}

type ErrorArgs = Parameters<NonNullable<ReturnType<typeof checkoutRetryPlugin>['errorLoadRemote']>>[0];
function onLoadError(origin: ModuleFederation, error: unknown, overrides: Partial<ErrorArgs> = {}): ErrorArgs {
  return { id: 'checkout/CheckoutButton', error, from: 'runtime', lifecycle: 'onLoad', origin, ...overrides } as ErrorArgs;
}

describe('errorLoadRemote: bounded retries of the remote', () => {
  it('resets the remote and loads again; the module of a successful retry is the answer', async () => {
    const module = { CheckoutButton: () => null };
    const origin = fakeOrigin([() => module]);
    const { p, failures, sleeps } = plugin();
    await expect(p.errorLoadRemote!(onLoadError(origin, new Error(MANIFEST_ERROR)))).resolves.toBe(module);
    expect(origin.registerRemotes).toHaveBeenCalledWith([{ name: 'checkout', entry: 'http://r/mf-manifest.json' }], { force: true });
    expect(origin.loadRemote).toHaveBeenCalledWith('checkout/CheckoutButton');
    expect(sleeps).toEqual([100]);
    expect(failures).toEqual([
      { remote: 'checkout', attempt: 1, attempts: 3, stage: 'manifest', message: 'Manifest: http://r/mf-manifest.json answered 404 Not Found', retryInMs: 100 },
    ]);
  });

  it(`makes ${POLICY.attempts} attempts in all, with growing pauses, then gives up with one clear error`, async () => {
    const origin = fakeOrigin([
      () => Promise.reject(new Error(ENTRY_ERROR)),
      () => Promise.reject(new Error('Loading chunk 432 failed.\n(error: http://r/__federation_expose_CheckoutButton.js)')),
    ]);
    const { p, failures, sleeps } = plugin();
    const outcome = p.errorLoadRemote!(onLoadError(origin, new Error(MANIFEST_ERROR)));
    await expect(outcome).rejects.toBeInstanceOf(RemoteUnavailableError);
    await expect(outcome).rejects.toMatchObject({
      attempts: 3,
      stage: 'module',
      message: 'checkout/CheckoutButton could not be loaded after 3 attempts. Exposed module: Loading chunk 432 failed. (error: http://r/__federation_expose_CheckoutButton.js)',
    });
    expect(origin.loadRemote).toHaveBeenCalledTimes(2); // + the original attempt = 3
    expect(origin.registerRemotes).toHaveBeenCalledTimes(2);
    expect(sleeps).toEqual([retryPause(POLICY, 1), retryPause(POLICY, 2)]);
    expect(sleeps).toEqual([100, 200]);
    expect(failures.map((f) => [f.attempt, f.stage, f.retryInMs])).toEqual([
      [1, 'manifest', 100],
      [2, 'entry', 200],
      [3, 'module', undefined],
    ]);
  });

  it('with attempts: 1, does not retry', async () => {
    const origin = fakeOrigin([]);
    const { p } = plugin({ policy: { ...POLICY, attempts: 1 } });
    await expect(p.errorLoadRemote!(onLoadError(origin, new Error(ENTRY_ERROR)))).rejects.toMatchObject({ attempts: 1, stage: 'entry' });
    expect(origin.loadRemote).not.toHaveBeenCalled();
  });

  it('leaves the failure of one of its own retries to its loop (no nested loops)', async () => {
    const origin = fakeOrigin([]);
    const { p } = plugin();
    let nested: unknown = 'not called';
    origin.loadRemote.mockImplementationOnce(async () => {
      nested = await p.errorLoadRemote!(onLoadError(origin, new Error(ENTRY_ERROR)));
      throw new Error(ENTRY_ERROR);
    });
    origin.loadRemote.mockImplementationOnce(async () => ({ CheckoutButton: () => null }));
    await expect(p.errorLoadRemote!(onLoadError(origin, new Error(ENTRY_ERROR)))).resolves.toBeTruthy();
    expect(nested).toBeUndefined();
    expect(origin.loadRemote).toHaveBeenCalledTimes(2);
  });

  it('stops when the page no longer wants the load', async () => {
    const origin = fakeOrigin([]);
    const { p } = plugin({ shouldRetry: () => false });
    await expect(p.errorLoadRemote!(onLoadError(origin, new Error(ENTRY_ERROR)))).rejects.toBeInstanceOf(RemoteUnavailableError);
    expect(origin.loadRemote).not.toHaveBeenCalled();
  });

  it('ignores other remotes, and the manifest step (it is reported again as the failed load)', async () => {
    const origin = fakeOrigin([]);
    const { p } = plugin();
    await expect(p.errorLoadRemote!(onLoadError(origin, new Error('x'), { id: 'other/Widget' }))).resolves.toBeUndefined();
    await expect(p.errorLoadRemote!(onLoadError(origin, new Error('x'), { lifecycle: 'afterResolve', id: 'http://r/mf-manifest.json' }))).resolves.toBeUndefined();
    expect(origin.loadRemote).not.toHaveBeenCalled();
  });
});

describe('fetch and createScript: nothing of the remote may hang forever', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });
  const info = { name: 'checkout' } as never;

  it('answers the manifest request itself only for its remote', () => {
    const { p } = plugin();
    expect(p.fetch!('http://other/mf-manifest.json', {}, { name: 'other' } as never)).toBeUndefined();
  });

  it('passes a good manifest response through', async () => {
    const response = new Response('{}', { status: 200 });
    global.fetch = jest.fn(async () => response);
    const { p } = plugin();
    await expect(p.fetch!('http://r/mf-manifest.json', {}, info)).resolves.toBe(response);
  });

  it('turns a 404 or a 500 into an error that says so', async () => {
    global.fetch = jest.fn(async () => new Response('Not found', { status: 404, statusText: 'Not Found' }));
    const { p } = plugin();
    await expect(p.fetch!('http://r/mf-manifest.json', {}, info)).rejects.toThrow('http://r/mf-manifest.json answered 404 Not Found');
  });

  it('aborts a manifest request that does not answer within timeoutMs', async () => {
    global.fetch = jest.fn(
      (_url: unknown, init?: RequestInit) =>
        new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))),
    ) as typeof fetch;
    const { p } = plugin();
    await expect(p.fetch!('http://r/mf-manifest.json', {}, info)).rejects.toThrow(`no answer from http://r/mf-manifest.json within ${POLICY.timeoutMs} ms`);
  });

  it('says when the remote cannot be reached at all', async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { p } = plugin();
    await expect(p.fetch!('http://r/mf-manifest.json', {}, info)).rejects.toThrow('could not reach http://r/mf-manifest.json (Failed to fetch)');
  });

  it('gives the remote entry script the same timeout instead of the runtime default (20 s)', () => {
    const { p } = plugin();
    expect(p.createScript!({ url: 'http://r/remoteEntry.js', remoteInfo: info })).toEqual({ timeout: POLICY.timeoutMs });
    expect(p.createScript!({ url: 'http://x/remoteEntry.js', remoteInfo: { name: 'other' } as never })).toBeUndefined();
  });
});

describe('describeRemoteError', () => {
  it('keeps what failed and the original error, not the docs link', () => {
    expect(describeRemoteError(new Error(MANIFEST_ERROR))).toEqual({ stage: 'manifest', message: 'Manifest: http://r/mf-manifest.json answered 404 Not Found' });
    expect(describeRemoteError(new Error(ENTRY_ERROR))).toEqual({
      stage: 'entry',
      message: 'Remote entry: Failed to load script "http://r/remoteEntry.js" (unreachable, or an error status).',
    });
    expect(describeRemoteError('weird')).toEqual({ stage: 'module', message: 'Exposed module: weird' });
  });
});
