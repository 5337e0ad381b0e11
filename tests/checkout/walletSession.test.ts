import { renewalDelayMs, resetWalletSessions, walletSession, walletSessionKey, WALLET_SESSION_POLICY, type WalletSessionState } from '../../src/checkout/walletSession';

const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();
const reply = (body: unknown, status = 200) => ({ ok: status < 300, status, statusText: '', json: async () => body }) as Response;
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

beforeEach(() => {
  jest.useFakeTimers();
  resetWalletSessions();
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => jest.useRealTimers());

async function settle(handle: { state: { get(): WalletSessionState } }, ms = 0): Promise<WalletSessionState> {
  await jest.advanceTimersByTimeAsync(ms);
  return handle.state.get();
}

const source = { sessionEndpoint: '/api/checkout-sessions', sessionBody: { productId: 'coffee' } };
const sentBodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));
const sentKeys = () => fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);

describe('one wallet session per page view and product', () => {
  it('asks for mode "wallets" once, shared by every caller with the same endpoint and body', async () => {
    fetchMock.mockResolvedValue(reply({ clientSecret: 'cs_test_1_secret_a', expiresAt: inSeconds(3600) }));
    const first = walletSession(source, 15_000);
    const second = walletSession({ ...source, sessionBody: { productId: 'coffee' } }, 15_000);
    expect(second).toBe(first);
    expect(await settle(first)).toEqual({ status: 'ready', clientSecret: 'cs_test_1_secret_a', expiresAt: expect.any(Number) });
    expect(sentBodies()).toEqual([{ productId: 'coffee', mode: 'wallets' }]);
    // Another product is another session.
    walletSession({ ...source, sessionBody: { productId: 'tea' } }, 15_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a function source is keyed by the function itself', () => {
    const createSession = jest.fn();
    expect(walletSessionKey({ createSession })).toBe(walletSessionKey({ createSession }));
    expect(walletSessionKey({ createSession })).not.toBe(walletSessionKey({ createSession: jest.fn() }));
  });

  it('a failing endpoint: three attempts with one idempotency key and a backoff, then wallets_unavailable for good', async () => {
    fetchMock.mockResolvedValue(reply({ error: 'boom' }, 500));
    const handle = walletSession(source, 15_000);
    await settle(handle);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await settle(handle, 1_300);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const state = await settle(handle, 5_000);
    expect(fetchMock).toHaveBeenCalledTimes(WALLET_SESSION_POLICY.maxAttempts);
    expect(new Set(sentKeys()).size).toBe(1);
    expect(state).toMatchObject({ status: 'failed', error: { code: 'wallets_unavailable', message: expect.stringContaining('after 3 attempts') } });
    // No storm: a later button on the page gets the same failure, with no new request.
    expect(walletSession(source, 15_000).state.get().status).toBe('failed');
    await settle(handle, 60_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('a session that expires within a minute is refused, not renewed in a loop', async () => {
    fetchMock.mockResolvedValue(reply({ clientSecret: 'cs_test_1_secret_a', expiresAt: inSeconds(10) }));
    const handle = walletSession(source, 15_000);
    expect(await settle(handle, 10_000)).toMatchObject({ status: 'failed' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('renewed before it expires while in use, with a fresh idempotency key; the old one stays until then', async () => {
    fetchMock.mockResolvedValueOnce(reply({ clientSecret: 'cs_test_1_secret_a', expiresAt: inSeconds(3600) }));
    fetchMock.mockResolvedValueOnce(reply({ clientSecret: 'cs_test_2_secret_b', expiresAt: inSeconds(7200) }));
    const handle = walletSession(source, 15_000);
    const release = handle.use();
    await settle(handle);
    await settle(handle, 3600_000 - WALLET_SESSION_POLICY.renewBeforeMs - 2_000);
    expect(handle.state.get()).toMatchObject({ clientSecret: 'cs_test_1_secret_a' });
    expect(await settle(handle, 4_000)).toMatchObject({ status: 'ready', clientSecret: 'cs_test_2_secret_b' });
    expect(new Set(sentKeys()).size).toBe(2);
    release();
  });

  it('not in use when it would be renewed: the next button asks for a fresh one', async () => {
    fetchMock.mockResolvedValueOnce(reply({ clientSecret: 'cs_test_1_secret_a', expiresAt: inSeconds(3600) }));
    fetchMock.mockResolvedValueOnce(reply({ clientSecret: 'cs_test_2_secret_b', expiresAt: inSeconds(7200) }));
    const handle = walletSession(source, 15_000);
    handle.use()();
    await settle(handle, 3600_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const next = walletSession(source, 15_000);
    expect(next).not.toBe(handle);
    expect(await settle(next)).toMatchObject({ clientSecret: 'cs_test_2_secret_b' });
  });

  it('consumed (a wallet paid): the next button gets a fresh session', async () => {
    fetchMock.mockResolvedValue(reply({ clientSecret: 'cs_test_1_secret_a' }));
    const handle = walletSession(source, 15_000);
    await settle(handle);
    handle.consumed();
    expect(walletSession(source, 15_000)).not.toBe(handle);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('renews at the margin before expiry, or halfway through a short life', () => {
    const now = 1_000_000_000_000;
    expect(renewalDelayMs(now / 1000 + 3600, now)).toBe(3600_000 - WALLET_SESSION_POLICY.renewBeforeMs);
    expect(renewalDelayMs(now / 1000 + 120, now)).toBe(60_000);
  });
});
