import { walletSession, walletSessionKey, WALLET_SESSION_POLICY } from '../../src/checkout/walletSession';
import { fetchMock, reply, sentKeys, settle } from './support/walletFetch';
import { renewalDelayMs } from '../../src/checkout/sessionLifetime';

const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

const source = { sessionEndpoint: '/api/checkout-sessions', sessionBody: { productId: 'coffee' } };
const sentBodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(init?.body as string));

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
    expect(state).toMatchObject({
      status: 'failed',
      error: { code: 'wallets_unavailable', message: expect.stringContaining('after 3 attempts') },
    });
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

  it('consumed (a wallet paid): every holder is told it is spent, and the next lookup gets a fresh session', async () => {
    fetchMock.mockResolvedValueOnce(reply({ clientSecret: 'cs_test_1_secret_a' }));
    fetchMock.mockResolvedValueOnce(reply({ clientSecret: 'cs_test_2_secret_b' }));
    const handle = walletSession(source, 15_000);
    const otherButton = jest.fn();
    handle.state.subscribe(otherButton);
    await settle(handle);
    handle.consumed();
    // Another button for the same product showed the paid session: it hears so, and re-renders.
    expect(handle.state.get()).toEqual({ status: 'spent' });
    expect(otherButton).toHaveBeenLastCalledWith({ status: 'spent' });
    const next = walletSession(source, 15_000);
    expect(next).not.toBe(handle);
    expect(await settle(next)).toMatchObject({ status: 'ready', clientSecret: 'cs_test_2_secret_b' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('consumed while its renewal is in flight: the renewed session does not bring the paid one back', async () => {
    let answer: (r: Response) => void = () => {};
    fetchMock.mockResolvedValueOnce(reply({ clientSecret: 'cs_test_1_secret_a', expiresIn: 3600 }));
    fetchMock.mockImplementationOnce(() => new Promise((r) => (answer = r)));
    const handle = walletSession(source, 15_000);
    handle.use();
    await settle(handle);
    await settle(handle, 3600_000 - WALLET_SESSION_POLICY.renewBeforeMs + 1_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    handle.consumed();
    answer(reply({ clientSecret: 'cs_test_2_secret_b', expiresIn: 3600 }));
    expect(await settle(handle)).toEqual({ status: 'spent' });
  });

  it('renews at the margin before expiry, or halfway through a short life', () => {
    expect(renewalDelayMs(3600_000, WALLET_SESSION_POLICY.renewBeforeMs)).toBe(3600_000 - WALLET_SESSION_POLICY.renewBeforeMs);
    expect(renewalDelayMs(120_000, WALLET_SESSION_POLICY.renewBeforeMs)).toBe(60_000);
  });
});

describe('renewal on the page clock, whatever the device clock says', () => {
  const renewAtMs = 3600_000 - WALLET_SESSION_POLICY.renewBeforeMs;

  it('a far expiry (past what a timer holds) renews once, when due, not in a loop at once', async () => {
    const thirtyDays = 30 * 24 * 3600;
    fetchMock.mockResolvedValue(reply({ clientSecret: 'cs_test_1_secret_a', expiresAt: inSeconds(thirtyDays), expiresIn: thirtyDays }));
    const handle = walletSession(source, 15_000);
    handle.use();
    await settle(handle, 1_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await settle(handle, 25 * 24 * 3600_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await settle(handle, (thirtyDays - 25 * 24 * 3600) * 1000 - WALLET_SESSION_POLICY.renewBeforeMs);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('the same, for a host whose createSession gives a far expiresAt only', async () => {
    const createSession = jest.fn(async () => ({ clientSecret: 'cs_test_1_secret_a', expiresAt: inSeconds(40 * 24 * 3600) }));
    const handle = walletSession({ createSession }, 15_000);
    handle.use();
    await settle(handle, 1_000);
    expect(createSession).toHaveBeenCalledTimes(1);
  });

  it('a device clock 61 minutes ahead: the session is taken and renewed 55 minutes on', async () => {
    const serverNow = Date.now();
    jest.setSystemTime(serverNow + 61 * 60_000);
    fetchMock.mockResolvedValue(
      reply({ clientSecret: 'cs_test_1_secret_a', expiresAt: Math.floor(serverNow / 1000) + 3600, expiresIn: 3600 }),
    );
    const handle = walletSession(source, 15_000);
    handle.use();
    expect(await settle(handle)).toMatchObject({ status: 'ready', clientSecret: 'cs_test_1_secret_a' });
    await settle(handle, renewAtMs - 1_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await settle(handle, 2_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a device clock 10 minutes behind: renewed 55 minutes on, while the session still lives', async () => {
    const serverNow = Date.now();
    jest.setSystemTime(serverNow - 10 * 60_000);
    fetchMock.mockResolvedValue(
      reply({ clientSecret: 'cs_test_1_secret_a', expiresAt: Math.floor(serverNow / 1000) + 3600, expiresIn: 3600 }),
    );
    const handle = walletSession(source, 15_000);
    handle.use();
    await settle(handle, renewAtMs + 1_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
