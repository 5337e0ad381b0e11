import { act, render, screen, within } from '@testing-library/react';
import { StatusPanel } from '../../host-example/src/status/StatusPanel';
import { createStatusStore } from '../../host-example/src/status/statusStore';

function setup() {
  let clock = 0;
  const now = () => clock;
  const target = {} as Window;
  const store = createStatusStore(target, now);
  const view = render(<StatusPanel store={store} now={now} />);
  const at = (t: number, fn: () => void) =>
    act(() => {
      clock = t;
      fn();
    });
  return { store, target, at, ...view };
}

const panel = () => screen.getByTestId('status-panel');
const timelineText = () => within(screen.getByTestId('status-timeline')).getAllByRole('listitem').map((li) => li.textContent);

describe('StatusPanel', () => {
  it('starts at initial, with no error and no callback', () => {
    setup();
    expect(panel()).toHaveAttribute('data-script-state', 'initial');
    expect(screen.getByTestId('status-state')).toHaveTextContent('initial');
    expect(screen.getByTestId('status-last-error')).toHaveTextContent('None');
    expect(timelineText()).toEqual(['0 msinitial']);
  });

  it('follows the button through its callbacks: state, timeline with times, counts', () => {
    const { store, at } = setup();
    const button = store.callbacksFor(0);
    at(120, () => button.onStateChange('pending'));
    expect(screen.getByTestId('status-state')).toHaveAttribute('data-state', 'pending');
    at(480, () => button.onStateChange('resolved'));
    expect(panel()).toHaveAttribute('data-script-state', 'resolved');
    expect(screen.getByTestId('status-state')).toHaveTextContent('since 480 ms');
    expect(timelineText()).toEqual(['0 msinitial', '120 mspending', '480 msresolved']);
    const counts = screen.getByTestId('status-callbacks');
    expect(within(counts).getByText('onStateChange').closest('[data-callback]')).toHaveAttribute('data-count', '2');
    expect(within(counts).getByText('onError').closest('[data-callback]')).toHaveAttribute('data-count', '0');
  });

  it('shows the last error code and message', () => {
    const { store, at } = setup();
    const button = store.callbacksFor(0);
    const error = { code: 'script_timeout' as const, message: 'No answer from https://js.stripe.com/endive/stripe.js within 4000 ms.' };
    at(100, () => button.onStateChange('pending'));
    at(8100, () => {
      button.onStateChange('rejected', error);
      button.onError(error);
    });
    const lastError = screen.getByTestId('status-last-error');
    expect(lastError).toHaveAttribute('data-error-code', 'script_timeout');
    expect(lastError).toHaveTextContent('script_timeout');
    expect(lastError).toHaveTextContent(error.message);
    expect(lastError).toHaveTextContent('at 8.10 s');
    expect(timelineText().at(-1)).toBe('8.10 srejected script_timeout');
  });

  it('shows onComplete and the remote loading steps', () => {
    const { store, at } = setup();
    at(50, () => store.remoteEvent({ type: 'loading', attempt: 1, attempts: 3, url: 'http://localhost:3001/mf-manifest.json' }));
    expect(screen.getByTestId('status-remote')).toHaveAttribute('data-remote-status', 'loading');
    at(90, () =>
      store.remoteEvent({
        type: 'attempt-failed',
        failure: { remote: 'checkout', attempt: 1, attempts: 3, stage: 'manifest', message: 'Manifest: answered 500', retryInMs: 300 },
      }),
    );
    expect(screen.getByTestId('status-remote')).toHaveTextContent('attempt 2/3');
    at(600, () => store.remoteEvent({ type: 'loaded', ms: 550 }));
    expect(screen.getByTestId('status-remote')).toHaveAttribute('data-remote-status', 'loaded');
    at(9000, () => store.callbacksFor(0).onComplete());
    expect(timelineText()).toEqual([
      '0 msinitial',
      '50 msremote loading',
      '90 msremote retrying attempt 1/3 failed, retrying in 300 ms. Manifest: answered 500',
      '600 msremote loaded in 550 ms',
      '9.00 sonComplete payment finished',
    ]);
  });

  it('shows why the remote failed', () => {
    const { store, at } = setup();
    at(50, () => store.remoteEvent({ type: 'failed', message: 'checkout/CheckoutButton could not be loaded after 3 attempts.' }));
    expect(screen.getByTestId('status-remote-error')).toHaveTextContent('could not be loaded after 3 attempts');
  });
});

describe('the debugging hook', () => {
  it('pushes every callback of every button to window.__checkoutEvents, and remote steps to __remoteEvents', () => {
    let clock = 0;
    const target = {} as Window;
    const store = createStatusStore(target, () => clock);
    const first = store.callbacksFor(0);
    const second = store.callbacksFor(1);
    clock = 10;
    first.onStateChange('pending');
    second.onStateChange('pending');
    clock = 20;
    const error = { code: 'script_load_failed' as const, message: 'Network error.' };
    first.onStateChange('rejected', error);
    first.onError(error);
    clock = 30;
    first.onComplete();
    store.remoteEvent({ type: 'loaded', ms: 5 });
    expect(target.__checkoutEvents).toEqual([
      { type: 'state', state: 'pending', code: undefined, message: undefined, t: 10, button: 0 },
      { type: 'state', state: 'pending', code: undefined, message: undefined, t: 10, button: 1 },
      { type: 'state', state: 'rejected', code: 'script_load_failed', message: 'Network error.', t: 20, button: 0 },
      { type: 'error', code: 'script_load_failed', message: 'Network error.', t: 20, button: 0 },
      { type: 'complete', t: 30, button: 0 },
    ]);
    expect(target.__remoteEvents).toEqual([{ type: 'loaded', ms: 5, t: 30 }]);
  });

  it('keeps events recorded before it was created (the array is shared, not replaced)', () => {
    const earlier = [{ type: 'complete' as const, t: 1, button: 0 }];
    const target = { __checkoutEvents: earlier } as unknown as Window;
    createStatusStore(target, () => 2).callbacksFor(0).onComplete();
    expect(target.__checkoutEvents).toBe(earlier);
    expect(earlier).toHaveLength(2);
  });
});
