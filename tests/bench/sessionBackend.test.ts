/**
 * @jest-environment node
 */
import { slowSessionCreation } from '../../bench/sessionBackend';

type Base = Parameters<typeof slowSessionCreation>[0];

describe("the bench's Stripe, slow to create a session", () => {
  const calls: string[] = [];
  const base = {
    getClientName: () => 'base',
    makeRequest: async (_host: string, _port: string, path: string, method: string) => {
      calls.push(`${method} ${path}`);
      return 'answer';
    },
  } as unknown as Base;
  const slow = slowSessionCreation(base, 80);
  const timed = async (method: string, path: string) => {
    const started = Date.now();
    const answer = await slow.makeRequest('127.0.0.1', '1', path, method, {}, '', 'http', 1000);
    return { answer, ms: Date.now() - started };
  };

  it('holds back a session creation by the delay, then asks the real client', async () => {
    const { answer, ms } = await timed('POST', '/v1/checkout/sessions');
    expect(ms).toBeGreaterThanOrEqual(75);
    expect(answer).toBe('answer');
    expect(calls).toContain('POST /v1/checkout/sessions');
  });

  it('answers every other call at once (a session read is not a creation)', async () => {
    const { ms } = await timed('GET', '/v1/checkout/sessions/cs_test_1');
    expect(ms).toBeLessThan(40);
    expect(slow.getClientName()).toBe('base');
  });
});
