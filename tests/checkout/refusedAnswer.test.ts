import {
  MAX_SERVER_SENTENCE,
  refusedAnswerError,
  retryAfterMs,
  serverSentence,
  type RefusedAnswer,
} from '../../src/checkout/refusedAnswer';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const answer = (over: Partial<RefusedAnswer>): RefusedAnswer => ({
  endpoint: '/api/checkout-sessions',
  status: 400,
  statusText: 'Bad Request',
  bodyText: '',
  retryAfter: null,
  ...over,
});

describe('serverSentence', () => {
  it("is the JSON body's error, on one line", () => {
    expect(serverSentence(JSON.stringify({ error: 'mode must be "redirect" or "embedded".' }))).toBe(
      'mode must be "redirect" or "embedded".',
    );
    expect(serverSentence(JSON.stringify({ error: '  two\nlines\t\u0000here ' }))).toBe('two lines here');
  });

  it('is nothing for a body that is not JSON, has no error sentence, or an empty one', () => {
    for (const body of ['', '<html>500</html>', 'null', '"text"', '{"error":{"message":"x"}}', '{"error":"  "}', '{"message":"x"}']) {
      expect(serverSentence(body)).toBeUndefined();
    }
  });

  it(`is cut at ${MAX_SERVER_SENTENCE} characters`, () => {
    const sentence = serverSentence(JSON.stringify({ error: `${'word '.repeat(100)}end` }))!;
    expect(sentence).toHaveLength(MAX_SERVER_SENTENCE);
    expect(sentence.endsWith('…')).toBe(true);
  });

  it('never carries anything key-like: keys, webhook secrets, client secrets, tokens', () => {
    const secrets = [
      'sk_test_51Habcdefghijklmnop',
      'rk_live_51Habcdefghijkl',
      'pk_test_abc123',
      'whsec_abcdef123456',
      'cs_test_a1b2c3_secret_d4e5f6',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig',
      'A'.repeat(20) + 'b'.repeat(20),
    ];
    for (const secret of secrets) {
      const sentence = serverSentence(JSON.stringify({ error: `Stripe refused key ${secret} today.` }));
      expect(sentence).toBe('Stripe refused key [redacted] today.');
    }
    // Ordinary words and ids that are not secrets stay.
    expect(serverSentence(JSON.stringify({ error: 'No product "coffee-beans-1kg" in the catalog.' }))).toBe(
      'No product "coffee-beans-1kg" in the catalog.',
    );
  });
});

describe('retryAfterMs', () => {
  it('reads delay-seconds and HTTP dates, relative to now', () => {
    expect(retryAfterMs('30', NOW)).toBe(30_000);
    expect(retryAfterMs(' 0 ', NOW)).toBe(0);
    expect(retryAfterMs(new Date(NOW + 90_000).toUTCString(), NOW)).toBe(90_000);
    expect(retryAfterMs(new Date(NOW - 5_000).toUTCString(), NOW)).toBe(0);
  });

  it('is nothing when absent or unreadable', () => {
    for (const header of [null, '', '-5', '1.5', 'soon', '2026-11-24', 'Tue, 99 Nov 2026 12:00:00 GMT']) {
      expect(retryAfterMs(header, NOW)).toBeUndefined();
    }
  });
});

describe('refusedAnswerError', () => {
  it("puts the server's sentence after the status", () => {
    const body = JSON.stringify({ error: 'mode must be "redirect" or "embedded".' });
    expect(refusedAnswerError(answer({ bodyText: body }), NOW)).toEqual({
      code: 'session_failed',
      message: 'POST /api/checkout-sessions answered 400 Bad Request: mode must be "redirect" or "embedded".',
    });
  });

  it('says the status alone when the body has no sentence (HTTP/2 has no status text)', () => {
    expect(refusedAnswerError(answer({ status: 500, statusText: '', bodyText: '<html>' }), NOW).message).toBe(
      'POST /api/checkout-sessions answered 500.',
    );
  });

  it('429 with Retry-After: the wait on the error and in the message', () => {
    const body = JSON.stringify({ error: 'Too many Checkout Sessions from this client' });
    const error = refusedAnswerError(answer({ status: 429, statusText: 'Too Many Requests', bodyText: body, retryAfter: '30' }), NOW);
    expect(error).toEqual({
      code: 'session_failed',
      message: 'POST /api/checkout-sessions answered 429 Too Many Requests: Too many Checkout Sessions from this client. Retry after 30 s.',
      retryAfterMs: 30_000,
    });
    const dated = refusedAnswerError(
      answer({ status: 503, statusText: 'Service Unavailable', retryAfter: new Date(NOW + 2_500).toUTCString() }),
      NOW,
    );
    expect(dated).toMatchObject({
      retryAfterMs: 2_000,
      message: 'POST /api/checkout-sessions answered 503 Service Unavailable. Retry after 2 s.',
    });
  });

  it('no wait without a readable Retry-After, nor from a status that does not mean "later"', () => {
    expect(refusedAnswerError(answer({ status: 429, statusText: 'Too Many Requests' }), NOW)).not.toHaveProperty('retryAfterMs');
    expect(refusedAnswerError(answer({ status: 400, retryAfter: '30' }), NOW)).not.toHaveProperty('retryAfterMs');
  });
});
