/** @jest-environment node */
// The wallet session the page asks for at page start (the host kit's startWalletSession) and the
// button's wallet session taking it: the request is sent once, before any button exists, and the
// button's retries, renewals and refusals keep walletSession.ts's guarantees.
import { startWalletSession, WALLET_SESSION_TIMEOUT_MS } from '@checkout/host-kit';
import { walletSession, WALLET_SESSION_POLICY } from '../../src/checkout/walletSession';
import { bodyWithLines } from '../../src/checkout/requestBody';
import type { CartLine } from '../../src/core/types';
import { fetchMock, reply, sentKeys, settle } from './support/walletFetch';

const sentBodies = () => fetchMock.mock.calls.map(([, init]) => init?.body as string);

const source = { sessionEndpoint: '/api/checkout-sessions', sessionBody: { productId: 'coffee', quantity: 2 } };

describe('a wallet session started at page start', () => {
  it('is sent once, as the button would send it, and the button takes it without a request of its own', async () => {
    fetchMock.mockResolvedValueOnce(reply({ clientSecret: 'cs_test_early_secret_a', expiresIn: 3600 }));
    const started = startWalletSession(source);
    // Sent before any button exists: the page's own request.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/checkout-sessions');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: '{"productId":"coffee","quantity":2,"mode":"wallets"}',
    });
    expect(sentKeys()[0]).toMatch(/^[\x21-\x7e]{8,255}$/); // what server/sessions/sessionRequest.ts accepts

    const handle = walletSession(source, 15_000, started);
    expect(await settle(handle)).toMatchObject({ status: 'ready', clientSecret: 'cs_test_early_secret_a' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("is the button's body byte for byte, a cart's lines included (else the button would not take it)", () => {
    // A line with a field the button does not send: both leave it out.
    const cart = [{ productId: 'beans', quantity: 1, label: 'shown only' } as CartLine, { productId: 'club' }];
    const cases: { sessionBody?: object; lines?: readonly CartLine[] }[] = [
      {},
      { sessionBody: { productId: 'tea' } },
      { sessionBody: { productId: 'x', note: { a: 1 } }, lines: cart },
      { lines: cart },
    ];
    for (const { sessionBody, lines } of cases) {
      fetchMock.mockReturnValueOnce(new Promise(() => {}));
      const started = startWalletSession({ sessionEndpoint: '/s', sessionBody, lines });
      fetchMock.mockResolvedValueOnce(reply({ clientSecret: 'cs_test_own_secret_b' }));
      // What useWalletSession gives the button's wallet session for those props.
      walletSession({ sessionEndpoint: '/s', sessionBody: bodyWithLines(sessionBody, lines) }, 15_000);
      const [early, own] = sentBodies().slice(-2);
      expect(own).toBe(early);
      expect(started.body).toBe(early);
    }
  });

  it("a failed early answer: the button's retries reuse its idempotency key and body (Stripe answers a retry with the same session)", async () => {
    fetchMock.mockResolvedValueOnce(reply({ error: 'down' }, 503));
    const started = startWalletSession(source);
    fetchMock.mockResolvedValue(reply({ clientSecret: 'cs_test_retry_secret_c', expiresIn: 3600 }));
    const handle = walletSession(source, 15_000, started);
    expect(await settle(handle, 6_000)).toMatchObject({ status: 'ready', clientSecret: 'cs_test_retry_secret_c' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(new Set(sentKeys())).toEqual(new Set([started.idempotencyKey]));
    expect(new Set(sentBodies())).toEqual(new Set([started.body]));
  });

  it('an early request that never answers: the button gives up on it within its own bound and retries', async () => {
    fetchMock.mockReturnValueOnce(new Promise(() => {}));
    const started = startWalletSession(source);
    fetchMock.mockResolvedValue(reply({ clientSecret: 'cs_test_late_secret_d', expiresIn: 3600 }));
    const handle = walletSession(source, 2_000, started);
    expect(await settle(handle, 2_000 + WALLET_SESSION_POLICY.backoffMs[0] * 1.2 + 10)).toMatchObject({ status: 'ready' });
    expect(sentKeys()).toEqual([started.idempotencyKey, started.idempotencyKey]);
  });

  it('is not taken for another product or endpoint, nor twice: those buttons ask for their own', async () => {
    fetchMock.mockResolvedValue(reply({ clientSecret: 'cs_test_x_secret_e', expiresIn: 3600 }));
    const started = startWalletSession(source);
    walletSession({ ...source, sessionBody: { productId: 'tea' } }, 15_000, started);
    walletSession({ ...source, sessionEndpoint: '/other' }, 15_000, started);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const taking = walletSession(source, 15_000, started);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await settle(taking);
    taking.consumed(); // a wallet paid with it: the next lookup asks anew, not with the spent request
    walletSession(source, 15_000, started);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(sentKeys()[3]).not.toBe(started.idempotencyKey);
  });

  it('renewed by the button with a fresh request and key', async () => {
    fetchMock.mockResolvedValueOnce(reply({ clientSecret: 'cs_test_first_secret_f', expiresIn: 3600 }));
    const started = startWalletSession(source);
    fetchMock.mockResolvedValue(reply({ clientSecret: 'cs_test_renewed_secret_g', expiresIn: 3600 }));
    const handle = walletSession(source, 15_000, started);
    const release = handle.use();
    await settle(handle);
    expect(await settle(handle, 3600_000 - WALLET_SESSION_POLICY.renewBeforeMs + 1_000)).toMatchObject({
      clientSecret: 'cs_test_renewed_secret_g',
    });
    expect(sentKeys()[1]).not.toBe(started.idempotencyKey);
    release();
  });

  it('nobody takes it: a network failure stays unobserved without an unhandled rejection, and the request is bounded', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      let signal: AbortSignal | undefined;
      fetchMock.mockImplementationOnce((_url, init) => {
        signal = init?.signal ?? undefined;
        return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      });
      startWalletSession(source);
      await jest.advanceTimersByTimeAsync(WALLET_SESSION_TIMEOUT_MS);
      expect(signal?.aborted).toBe(true);
      jest.useRealTimers();
      // One macrotask turn: Node reports a rejection nobody handled once the microtasks have drained.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
