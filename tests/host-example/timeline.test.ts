import { formatMs, initialTimeline, MAX_ENTRIES, stateSpans, timelineReducer, type TimelineAction, type TimelineState } from '../../host-example/src/status/timeline';

const run = (...actions: TimelineAction[]): TimelineState => actions.reduce(timelineReducer, initialTimeline);
const timeout = { code: 'script_timeout' as const, message: 'No answer within 4000 ms.' };

describe('timelineReducer', () => {
  it('starts at initial, at page load, with nothing received', () => {
    expect(initialTimeline.scriptState).toBe('initial');
    expect(initialTimeline.entries).toEqual([{ kind: 'state', t: 0, state: 'initial' }]);
    expect(initialTimeline.counts).toEqual({ onStateChange: 0, onError: 0, onComplete: 0 });
    expect(initialTimeline.lastError).toBeNull();
  });

  it('records each transition with its time since page load', () => {
    const s = run({ type: 'stateChange', t: 120, state: 'pending' }, { type: 'stateChange', t: 480, state: 'resolved' });
    expect(s.scriptState).toBe('resolved');
    expect(s.since).toBe(480);
    expect(s.entries.map((e) => e.kind === 'state' && [e.state, e.t])).toEqual([
      ['initial', 0],
      ['pending', 120],
      ['resolved', 480],
    ]);
    expect(s.counts.onStateChange).toBe(2);
  });

  it('shows one transition however many buttons report it, and counts every callback', () => {
    const s = run(
      { type: 'stateChange', t: 100, state: 'pending', button: 0 },
      { type: 'stateChange', t: 100, state: 'pending', button: 1 },
      { type: 'stateChange', t: 101, state: 'pending', button: 2 },
    );
    expect(s.entries.filter((e) => e.kind === 'state')).toHaveLength(2);
    expect(s.counts.onStateChange).toBe(3);
    expect(s.callbacks.map((c) => c.button)).toEqual([2, 1, 0]);
  });

  it('keeps the last error, and shows a script failure once (its rejected transition)', () => {
    const s = run(
      { type: 'stateChange', t: 100, state: 'pending' },
      { type: 'stateChange', t: 8100, state: 'rejected', error: timeout },
      { type: 'error', t: 8100, error: timeout },
    );
    expect(s.lastError).toEqual({ ...timeout, t: 8100 });
    expect(s.entries.at(-1)).toEqual({ kind: 'state', t: 8100, state: 'rejected', code: 'script_timeout' });
    expect(s.entries.filter((e) => e.kind === 'error')).toHaveLength(0);
    expect(s.counts).toEqual({ onStateChange: 2, onError: 1, onComplete: 0 });
  });

  it('gives a session failure its own line, each time it happens', () => {
    const failed = { code: 'session_failed' as const, message: 'POST /api/checkout-sessions answered 500.' };
    const s = run(
      { type: 'stateChange', t: 100, state: 'pending' },
      { type: 'stateChange', t: 300, state: 'resolved' },
      { type: 'error', t: 2000, error: failed },
      { type: 'error', t: 3000, error: failed },
    );
    expect(s.scriptState).toBe('resolved');
    expect(s.entries.filter((e) => e.kind === 'error').map((e) => e.t)).toEqual([2000, 3000]);
    expect(s.lastError?.code).toBe('session_failed');
  });

  it('records a retry from rejected back to pending as new transitions', () => {
    const s = run(
      { type: 'stateChange', t: 100, state: 'pending' },
      { type: 'stateChange', t: 900, state: 'rejected', error: timeout },
      { type: 'stateChange', t: 5000, state: 'pending' },
      { type: 'stateChange', t: 5200, state: 'resolved' },
    );
    expect(s.entries.map((e) => (e.kind === 'state' ? e.state : e.kind))).toEqual(['initial', 'pending', 'rejected', 'pending', 'resolved']);
    // the last error stays visible after recovery: it is the *last* error
    expect(s.lastError?.code).toBe('script_timeout');
  });

  it('records onComplete', () => {
    const s = run({ type: 'complete', t: 9000 });
    expect(s.counts.onComplete).toBe(1);
    expect(s.entries.at(-1)).toEqual({ kind: 'complete', t: 9000 });
  });

  it('follows the remote: loading, retrying with the attempt, loaded; and drops exact repeats', () => {
    const s = run(
      { type: 'remote', t: 50, status: 'loading', attempt: 1, attempts: 3 },
      { type: 'remote', t: 60, status: 'retrying', attempt: 2, attempts: 3, detail: 'attempt 1/3 failed' },
      { type: 'remote', t: 60, status: 'retrying', attempt: 2, attempts: 3, detail: 'attempt 1/3 failed' },
      { type: 'remote', t: 400, status: 'loaded', detail: 'in 350 ms' },
    );
    expect(s.remote).toEqual({ status: 'loaded', t: 400, attempt: 2, attempts: 3, detail: 'in 350 ms' });
    expect(s.entries.filter((e) => e.kind === 'remote').map((e) => e.kind === 'remote' && e.status)).toEqual(['loading', 'retrying', 'loaded']);
  });

  it(`keeps the latest ${MAX_ENTRIES} entries`, () => {
    const actions: TimelineAction[] = [];
    for (let i = 1; i <= MAX_ENTRIES + 10; i++) actions.push({ type: 'stateChange', t: i, state: i % 2 ? 'pending' : 'resolved' });
    const s = run(...actions);
    expect(s.entries).toHaveLength(MAX_ENTRIES);
    expect(s.entries.at(-1)?.t).toBe(MAX_ENTRIES + 10);
  });

  it('does not change the state it is given', () => {
    const before = JSON.stringify(initialTimeline);
    timelineReducer(initialTimeline, { type: 'stateChange', t: 1, state: 'pending' });
    expect(JSON.stringify(initialTimeline)).toBe(before);
  });
});

describe('stateSpans', () => {
  it('gives each state its duration, the current one running until now', () => {
    const s = run({ type: 'stateChange', t: 100, state: 'pending' }, { type: 'stateChange', t: 400, state: 'resolved' });
    expect(stateSpans(s, 1000)).toEqual([
      { state: 'initial', from: 0, to: 100 },
      { state: 'pending', from: 100, to: 400 },
      { state: 'resolved', from: 400, to: 1000 },
    ]);
  });
});

describe('formatMs', () => {
  it.each([
    [0, '0 ms'],
    [999, '999 ms'],
    [1234, '1.23 s'],
    [12_345, '12.3 s'],
  ])('%d → %s', (ms, text) => expect(formatMs(ms)).toBe(text));
});
