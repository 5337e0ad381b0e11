// The wallet session tests' page: fetch mocked, fake timers, no wallet session left from the last test.
import { resetWalletSessions, type WalletSessionState } from '../../../src/checkout/walletSession';

export const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();
export const reply = (body: unknown, status = 200) => ({ ok: status < 300, status, statusText: '', json: async () => body }) as Response;
export const sentKeys = () => fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);

/** The handle's state once `ms` of fake time (and what it set off) have passed. */
export async function settle(handle: { state: { get(): WalletSessionState } }, ms = 0): Promise<WalletSessionState> {
  await jest.advanceTimersByTimeAsync(ms);
  return handle.state.get();
}

beforeEach(() => {
  jest.useFakeTimers();
  resetWalletSessions();
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
});
afterEach(() => jest.useRealTimers());
