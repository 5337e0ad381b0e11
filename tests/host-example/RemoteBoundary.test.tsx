import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { RemoteBoundary, FALLBACK_MESSAGE } from '../../host-example/src/remote/RemoteBoundary';
import { RemoteCheckoutButton } from '../../host-example/src/remote/RemoteCheckoutButton';
import { loadDeadlineMs, registerCheckoutRemote, type RemoteEvent } from '../../host-example/src/remote/registerCheckoutRemote';
import type { CheckoutButtonProps } from '../../host-example/src/remote/checkoutTypes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

const mockedLoadRemote = loadRemote as jest.Mock;
const MANIFEST = 'http://localhost:3001/mf-manifest.json';
const POLICY = { attempts: 3, timeoutMs: 1000, backoffMs: 10 };

/** What the remote's module looks like to the host: a component that shows the props it got. */
function fakeModule(render?: (props: CheckoutButtonProps) => never) {
  const CheckoutButton = (props: CheckoutButtonProps) => {
    if (render) render(props);
    return (
      <button type="button" data-checkout-state="initial" data-key={props.publishableKey}>
        {props.children}
      </button>
    );
  };
  return { CheckoutButton, default: CheckoutButton };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup() {
  const events: RemoteEvent[] = [];
  const remote = registerCheckoutRemote({ manifestUrl: MANIFEST, policy: POLICY, onEvent: (e) => events.push(e) });
  const view = render(
    <main>
      <p>The rest of the shop</p>
      <RemoteBoundary onRetry={remote.retry}>
        <RemoteCheckoutButton remote={remote} publishableKey="pk_test_host">
          Pay 47 €
        </RemoteCheckoutButton>
      </RemoteBoundary>
    </main>,
  );
  return { remote, events, ...view };
}

let consoleError: jest.SpyInstance;
beforeEach(() => {
  jest.clearAllMocks();
  // React reports errors caught by a boundary on console.error: expected here.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => consoleError.mockRestore());

describe('registering the remote', () => {
  it('registers the retry plugin and the remote from its manifest URL, without force the first time', () => {
    mockedLoadRemote.mockReturnValue(new Promise(() => {}));
    registerCheckoutRemote({ manifestUrl: MANIFEST, policy: POLICY });
    expect(registerPlugins).toHaveBeenCalledWith([expect.objectContaining({ name: 'checkout-retry-plugin' })]);
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'checkout', entry: MANIFEST }]);
    expect(loadRemote).not.toHaveBeenCalled(); // nothing is fetched until the button is wanted
  });
});

describe('RemoteCheckoutButton in a RemoteBoundary', () => {
  it('shows a placeholder while the module loads, then the remote button with the props it was given', async () => {
    const load = deferred<unknown>();
    mockedLoadRemote.mockReturnValue(load.promise);
    const { events } = setup();
    expect(screen.getByTestId('remote-loading')).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledWith('checkout/CheckoutButton');
    await act(async () => load.resolve(fakeModule()));
    expect(screen.queryByTestId('remote-loading')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay 47 €' })).toHaveAttribute('data-key', 'pk_test_host');
    expect(events.map((e) => e.type)).toEqual(['loading', 'loaded']);
  });

  it('shows the fallback where the button would be when the remote fails, and the page stays usable', async () => {
    mockedLoadRemote.mockRejectedValue(new Error('[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003'));
    setup();
    const fallback = await screen.findByTestId('remote-fallback');
    expect(screen.getByRole('alert')).toHaveTextContent(FALLBACK_MESSAGE);
    expect(fallback).toContainElement(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('The rest of the shop')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /pay/i })).not.toBeInTheDocument();
  });

  it('Try again registers the remote again with force (the runtime caches failures) and loads it afresh', async () => {
    mockedLoadRemote.mockRejectedValueOnce(new Error('ScriptNetworkError #RUNTIME-008'));
    const { events } = setup();
    await screen.findByTestId('remote-fallback');
    expect(registerRemotes).toHaveBeenCalledTimes(1);

    const retry = deferred<unknown>();
    mockedLoadRemote.mockReturnValueOnce(retry.promise);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'checkout', entry: MANIFEST }], { force: true });
    expect(loadRemote).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('remote-loading')).toBeInTheDocument();

    await act(async () => retry.resolve(fakeModule()));
    expect(screen.getByRole('button', { name: 'Pay 47 €' })).toBeInTheDocument();
    expect(screen.queryByTestId('remote-fallback')).not.toBeInTheDocument();
    expect(events.map((e) => e.type)).toEqual(['loading', 'failed', 'loading', 'loaded']);
  });

  it('comes back to the fallback, focused on Try again, when the remote is still down', async () => {
    mockedLoadRemote.mockRejectedValue(new Error('down'));
    setup();
    await screen.findByTestId('remote-fallback');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(loadRemote).toHaveBeenCalledTimes(2));
    await screen.findByTestId('remote-fallback');
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
  });

  it('shows the same fallback when the remote button throws while rendering', async () => {
    mockedLoadRemote.mockResolvedValue(
      fakeModule(() => {
        throw new Error('remote render failed');
      }),
    );
    setup();
    expect(await screen.findByTestId('remote-fallback')).toHaveTextContent(FALLBACK_MESSAGE);
  });

  it('refuses a module without a CheckoutButton export', async () => {
    mockedLoadRemote.mockResolvedValue({ default: 'nothing' });
    const { remote } = setup();
    await screen.findByTestId('remote-fallback');
    const snapshot = remote.getSnapshot();
    expect(snapshot.status === 'failed' && snapshot.error.message).toMatch(/no CheckoutButton export/);
  });

  it('gives up at the deadline when the remote never answers', async () => {
    jest.useFakeTimers();
    try {
      mockedLoadRemote.mockReturnValue(new Promise(() => {}));
      const { remote } = setup();
      expect(screen.getByTestId('remote-loading')).toBeInTheDocument();
      await act(async () => {
        jest.advanceTimersByTime(loadDeadlineMs(POLICY) - 1);
      });
      expect(screen.queryByTestId('remote-fallback')).not.toBeInTheDocument();
      await act(async () => {
        jest.advanceTimersByTime(1);
      });
      expect(screen.getByTestId('remote-fallback')).toBeInTheDocument();
      const snapshot = remote.getSnapshot();
      expect(snapshot.status === 'failed' && snapshot.error.message).toMatch(/did not load within/);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('loadDeadlineMs', () => {
  it('allows every attempt its manifest and entry requests, plus the pauses between attempts', () => {
    expect(loadDeadlineMs({ attempts: 3, timeoutMs: 1000, backoffMs: 100 })).toBe(3 * 2 * 1000 + 100 + 200);
    expect(loadDeadlineMs({ attempts: 1, timeoutMs: 5000, backoffMs: 100 })).toBe(10_000);
  });
});
