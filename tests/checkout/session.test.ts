import { ABORTED, requestSession, validateSession, type SessionRequest } from '../../src/checkout/session';
import type { SessionContext } from '../../src/core/types';

// jsdom has no fetch or Response: the part of Response our code reads.
function textResponse(text: string, status = 200, statusText = '', headers: Record<string, string> = {}): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
    json: async () => JSON.parse(text),
    text: async () => text,
  } as Response;
}

function jsonResponse(body: unknown, status = 200): Response {
  return textResponse(JSON.stringify(body), status);
}

function request(over: Partial<SessionRequest>): SessionRequest {
  return { mode: 'redirect', timeoutMs: 1_000, signal: new AbortController().signal, ...over };
}

const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
});

describe('requestSession with sessionEndpoint', () => {
  it("POSTs sessionBody with the button's mode as JSON, with a fresh Idempotency-Key, and returns the session", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ url: 'https://checkout.stripe.com/c/pay/1' }));
    const body = { items: [{ sku: 'tee', qty: 2 }] };
    await expect(requestSession(request({ sessionEndpoint: '/api/sessions', sessionBody: body }))).resolves.toEqual({
      url: 'https://checkout.stripe.com/c/pay/1',
    });
    await requestSession(request({ sessionEndpoint: '/api/sessions' }));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/sessions');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual({ ...body, mode: 'redirect' });
    expect(JSON.parse(fetchMock.mock.calls[1][1]?.body as string)).toEqual({ mode: 'redirect' });
    const headers = init?.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/json');
    const secondKey = (fetchMock.mock.calls[1][1]?.headers as Record<string, string>)['Idempotency-Key'];
    expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(secondKey).not.toBe(headers['Idempotency-Key']);
  });

  it('sends embedded as mode for an embedded session', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ clientSecret: 'cs_test_1_secret_2' }));
    await requestSession(
      request({ mode: 'embedded', sessionEndpoint: '/api/sessions', sessionBody: { productId: 'p', mode: 'redirect' } }),
    );
    expect(JSON.parse(fetchMock.mock.calls[0][1]?.body as string)).toEqual({ productId: 'p', mode: 'embedded' });
  });

  it('refuses a sessionBody that is not a plain object as invalid_option, sending nothing', async () => {
    await expect(requestSession(request({ sessionEndpoint: '/api/s', sessionBody: 'productId=p' }))).rejects.toMatchObject({
      code: 'invalid_option',
      message: expect.stringContaining('sessionBody must be a plain JSON object'),
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('turns a non-2xx answer into session_failed with the status', async () => {
    fetchMock.mockResolvedValue(textResponse('boom', 500, 'Internal Server Error'));
    await expect(requestSession(request({ sessionEndpoint: '/api/s' }))).rejects.toEqual({
      code: 'session_failed',
      message: 'POST /api/s answered 500 Internal Server Error.',
    });
  });

  it("puts a non-2xx answer's JSON error sentence into the message", async () => {
    fetchMock.mockResolvedValue(textResponse(JSON.stringify({ error: 'No product "nope" in the catalog.' }), 400, 'Bad Request'));
    await expect(requestSession(request({ sessionEndpoint: '/api/s' }))).rejects.toEqual({
      code: 'session_failed',
      message: 'POST /api/s answered 400 Bad Request: No product "nope" in the catalog.',
    });
  });

  it('429 with Retry-After: session_failed carrying the wait', async () => {
    fetchMock.mockResolvedValue(textResponse(JSON.stringify({ error: 'Slow down.' }), 429, 'Too Many Requests', { 'retry-after': '12' }));
    await expect(requestSession(request({ sessionEndpoint: '/api/s' }))).rejects.toEqual({
      code: 'session_failed',
      message: 'POST /api/s answered 429 Too Many Requests: Slow down. Retry after 12 s.',
      retryAfterMs: 12_000,
    });
  });

  it('turns an answer that is not JSON into session_failed', async () => {
    fetchMock.mockResolvedValue(textResponse('<html>'));
    await expect(requestSession(request({ sessionEndpoint: '/api/s' }))).rejects.toMatchObject({ code: 'session_failed' });
  });

  it('turns a network error into session_failed', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(requestSession(request({ sessionEndpoint: '/api/s' }))).rejects.toMatchObject({ code: 'session_failed' });
  });

  it('turns a reply without url into invalid_session', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 'cs_test_1' }));
    await expect(requestSession(request({ sessionEndpoint: '/api/s' }))).rejects.toMatchObject({ code: 'invalid_session' });
  });
});

describe('requestSession with createSession', () => {
  it('passes an idempotency key, the mode and a signal', async () => {
    const createSession = jest.fn(async (ctx: SessionContext) =>
      ctx.mode === 'embedded' ? { clientSecret: 'cs_1_secret_2' } : { url: 'https://checkout.stripe.com/x' },
    );
    await requestSession(request({ createSession }));
    await expect(requestSession(request({ createSession, mode: 'embedded' }))).resolves.toEqual({ clientSecret: 'cs_1_secret_2' });
    const [[first], [second]] = createSession.mock.calls;
    expect(first.idempotencyKey).toEqual(expect.any(String));
    expect(first.signal).toBeInstanceOf(AbortSignal);
    expect([first.mode, second.mode]).toEqual(['redirect', 'embedded']);
  });

  it('turns a thrown error into session_failed, keeping the cause', async () => {
    const cause = new Error('card catalogue offline');
    await expect(requestSession(request({ createSession: () => Promise.reject(cause) }))).rejects.toMatchObject({
      code: 'session_failed',
      message: expect.stringContaining('card catalogue offline'),
      cause,
    });
  });

  it('refuses a configuration with both or neither source', async () => {
    await expect(requestSession(request({}))).rejects.toMatchObject({ code: 'session_failed' });
    await expect(
      requestSession(request({ sessionEndpoint: '/x', createSession: async () => ({ url: 'https://a' }) })),
    ).rejects.toMatchObject({ code: 'session_failed', message: expect.stringContaining('exactly one') });
  });

  describe('with fake timers', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('times out at timeoutMs even when createSession ignores its signal, and aborts the signal', async () => {
      let seen: AbortSignal | undefined;
      const pending = requestSession(
        request({
          timeoutMs: 2_000,
          createSession: ({ signal }) => {
            seen = signal;
            return new Promise(() => {});
          },
        }),
      );
      const outcome = expect(pending).rejects.toMatchObject({ code: 'session_timeout', message: expect.stringContaining('2000 ms') });
      await jest.advanceTimersByTimeAsync(1_999);
      expect(seen?.aborted).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await outcome;
      expect(seen?.aborted).toBe(true);
    });

    it("rejects with ABORTED when the caller's signal aborts, and aborts the session's signal", async () => {
      const caller = new AbortController();
      let seen: AbortSignal | undefined;
      const pending = requestSession(
        request({
          signal: caller.signal,
          createSession: ({ signal }) => {
            seen = signal;
            return new Promise(() => {});
          },
        }),
      );
      caller.abort();
      await expect(pending).rejects.toBe(ABORTED);
      expect(seen?.aborted).toBe(true);
    });
  });
});

describe('validateSession', () => {
  it('needs a url in redirect mode and a clientSecret in embedded mode', () => {
    expect(validateSession({ url: 'https://x' }, 'redirect')).toEqual({ url: 'https://x' });
    expect(validateSession({ clientSecret: 'cs_1_secret' }, 'embedded')).toEqual({ clientSecret: 'cs_1_secret' });
    expect(() => validateSession({ clientSecret: 'cs' }, 'redirect')).toThrow(expect.objectContaining({ code: 'invalid_session' }));
    expect(() => validateSession({ url: 'https://x' }, 'embedded')).toThrow(expect.objectContaining({ code: 'invalid_session' }));
    for (const bad of [null, 'https://x', 42, { url: '' }, { url: 7 }]) {
      expect(() => validateSession(bad, 'redirect')).toThrow(expect.objectContaining({ code: 'invalid_session' }));
    }
  });
});
