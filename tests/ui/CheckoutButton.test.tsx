import { StrictMode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CheckoutButtonProps } from '../../src/core/types';
import { CheckoutButton } from '../../src/exposes/CheckoutButton';
import { en } from '../../src/i18n/texts/en';
import { CLICK_TEXTS } from '../../src/i18n/texts/click';
import { expectNoAxeViolations } from '../support/axe';
import { answerWithStripe, blockByCsp, currentTag, failNetwork, resetPage, stripeTags } from '../support/stripeStub';

const KEY = 'pk_test_51Hbutton';
const CHECKOUT_URL = 'https://checkout.stripe.com/c/pay/cs_test_1';

function setup(props: Partial<CheckoutButtonProps> = {}) {
  const callbacks = {
    onStateChange: jest.fn(),
    onError: jest.fn(),
    redirect: jest.fn(),
    createSession: (props.createSession as jest.Mock | undefined) ?? jest.fn(async () => ({ url: CHECKOUT_URL })),
  };
  const all: CheckoutButtonProps = { publishableKey: KEY, ...props, ...callbacks };
  const view = render(<CheckoutButton {...all}>Pay 12 €</CheckoutButton>);
  const root = () => view.container.firstElementChild as HTMLElement;
  const button = () => screen.getByRole('button', { name: /pay 12/i });
  return { ...view, ...callbacks, root, button };
}

/** Fails the network for the (single) tag and lets the loader decide. */
async function failLoad() {
  await act(async () => {
    failNetwork();
    await new Promise((r) => setTimeout(r, 5));
  });
}

async function resolveLoad() {
  await act(async () => {
    answerWithStripe();
  });
}

let consoleError: jest.SpyInstance;
beforeEach(() => {
  resetPage();
  consoleError = jest.spyOn(console, 'error');
});
afterEach(() => {
  // React reports act() problems, updates after unmount and key warnings here: none allowed.
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

describe('CheckoutButton: script states and DOM contract', () => {
  it('redirect mode: a real button, usable and not busy while Stripe.js loads in the background', async () => {
    const { root, button, onStateChange } = setup({ maxLoadAttempts: 1 });
    expect(button()).toHaveAttribute('type', 'button');
    expect(root()).toHaveAttribute('data-checkout-state', 'pending');
    expect(button()).toHaveAttribute('aria-busy', 'false');
    expect(root().querySelector('.mfc-spinner')).toBeNull();
    expect(button()).toBeEnabled();
    expect(stripeTags()).toHaveLength(1);
    await resolveLoad();
    expect(root()).toHaveAttribute('data-checkout-state', 'resolved');
    expect(root()).not.toHaveAttribute('data-checkout-error');
    expect(onStateChange.mock.calls).toEqual([
      ['pending', undefined],
      ['resolved', undefined],
    ]);
  });

  it('embedded mode: busy while Stripe.js loads, then resolved', async () => {
    const { root, button } = setup({ maxLoadAttempts: 1, mode: 'embedded' });
    expect(root()).toHaveAttribute('data-checkout-state', 'pending');
    expect(button()).toHaveAttribute('aria-busy', 'true');
    expect(root().querySelector('.mfc-spinner')).not.toBeNull();
    await resolveLoad();
    expect(button()).toHaveAttribute('aria-busy', 'false');
  });

  it('50 buttons under StrictMode share one script tag and one load', async () => {
    const onStateChange = jest.fn();
    const { container } = render(
      <StrictMode>
        {Array.from({ length: 50 }, (_, i) => (
          <CheckoutButton key={i} publishableKey={KEY} createSession={async () => ({ url: CHECKOUT_URL })} onStateChange={onStateChange} />
        ))}
      </StrictMode>,
    );
    expect(stripeTags()).toHaveLength(1);
    const Stripe = await act(async () => answerWithStripe());
    const roots = container.querySelectorAll('[data-checkout-state]');
    expect(roots).toHaveLength(50);
    roots.forEach((r) => expect(r).toHaveAttribute('data-checkout-state', 'resolved'));
    expect(stripeTags()).toHaveLength(1);
    expect(Stripe).toHaveBeenCalledTimes(1); // one instance for the key
    // Each button tells its host each change once, StrictMode's double effects notwithstanding.
    expect(onStateChange).toHaveBeenCalledTimes(100);
  });

  it('redirect mode: a script failure is reported to the host but not shown, and the redirect still works', async () => {
    const user = userEvent.setup();
    const { root, button, onError, redirect, onStateChange } = setup({ maxLoadAttempts: 1 });
    await failLoad();
    expect(root()).toHaveAttribute('data-checkout-state', 'rejected');
    expect(root()).toHaveAttribute('data-checkout-error', 'script_load_failed');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'script_load_failed' }));
    expect(onStateChange).toHaveBeenLastCalledWith('rejected', expect.objectContaining({ code: 'script_load_failed' }));
    // Nothing alarms the person next to a button that works.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /try again/i })).not.toBeInTheDocument();
    expect(button()).toBeEnabled();
    expect(button()).toHaveAttribute('aria-busy', 'false');
    await user.click(button());
    await waitFor(() => expect(redirect).toHaveBeenCalledWith(CHECKOUT_URL));
  });

  it('embedded mode: a script failure shows the alert and Try again, and disables the button', async () => {
    const { root, button } = setup({ maxLoadAttempts: 1, mode: 'embedded' });
    await failLoad();
    expect(root()).toHaveAttribute('data-checkout-error', 'script_load_failed');
    expect(screen.getByRole('alert')).toHaveTextContent(/could not be reached/i);
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
    expect(button()).toBeDisabled();
  });

  it('embedded mode: a CSP block is shown without a Try again, which could not help', async () => {
    const { root } = setup({ maxLoadAttempts: 3, mode: 'embedded' });
    await act(async () => {
      blockByCsp();
      failNetwork();
      await new Promise((r) => setTimeout(r, 5));
    });
    expect(root()).toHaveAttribute('data-checkout-error', 'script_blocked');
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /try again/i })).not.toBeInTheDocument();
    expect(stripeTags()).toHaveLength(1);
  });

  it('Try again removes the dead tag, injects one fresh tag and can reach resolved', async () => {
    const user = userEvent.setup();
    const { root, onStateChange } = setup({ mode: 'embedded', maxLoadAttempts: 1 });
    const dead = currentTag();
    await failLoad();
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(dead.isConnected).toBe(false);
    expect(stripeTags()).toHaveLength(1);
    expect(root()).toHaveAttribute('data-checkout-state', 'pending');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await resolveLoad();
    expect(root()).toHaveAttribute('data-checkout-state', 'resolved');
    expect(onStateChange.mock.calls.map(([state]) => state)).toEqual(['pending', 'rejected', 'pending', 'resolved']);
  });

  it('moves focus to Try again when a retry the person started fails again', async () => {
    const user = userEvent.setup();
    setup({ mode: 'embedded', maxLoadAttempts: 1 });
    await failLoad();
    await user.click(screen.getByRole('button', { name: /try again/i }));
    await failLoad();
    expect(screen.getByRole('button', { name: /try again/i })).toHaveFocus();
  });

  it('does not steal focus when the page-load attempt fails on its own', async () => {
    setup({ maxLoadAttempts: 1 });
    await failLoad();
    expect(document.body).toHaveFocus();
  });

  it('uses the texts given in messages', async () => {
    setup({
      mode: 'embedded',
      maxLoadAttempts: 1,
      messages: { script_load_failed: 'Zahlungsdienst nicht erreichbar', tryAgain: 'Erneut versuchen' },
    });
    await failLoad();
    expect(screen.getByRole('alert')).toHaveTextContent('Zahlungsdienst nicht erreichbar');
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
  });

  it('falls back to the default label', () => {
    render(<CheckoutButton publishableKey={KEY} createSession={async () => ({ url: CHECKOUT_URL })} />);
    expect(screen.getByRole('button', { name: 'Pay with card' })).toBeInTheDocument();
  });

  it('keeps its class and the host class on the root, nothing global', () => {
    const { root } = setup({ className: 'shop-checkout' });
    expect(root()).toHaveClass('mfc-root', 'shop-checkout');
  });
});

describe('CheckoutButton: loadOn', () => {
  it('click: requests nothing until the click, then loads and starts the session together', async () => {
    const user = userEvent.setup();
    const { root, button, createSession } = setup({ loadOn: 'click' });
    expect(root()).toHaveAttribute('data-checkout-state', 'initial');
    expect(stripeTags()).toHaveLength(0);
    await user.click(button());
    expect(stripeTags()).toHaveLength(1);
    expect(createSession).toHaveBeenCalledTimes(1);
  });

  it('intent: loads on pointer enter, focus or touch', async () => {
    const user = userEvent.setup();
    const { button } = setup({ loadOn: 'intent' });
    expect(stripeTags()).toHaveLength(0);
    await user.hover(button());
    expect(stripeTags()).toHaveLength(1);
  });

  it('intent: keyboard focus is intent too', async () => {
    const user = userEvent.setup();
    setup({ loadOn: 'intent' });
    await user.tab();
    expect(stripeTags()).toHaveLength(1);
  });

  it('idle: loads once the page is idle, not during render', async () => {
    setup({ loadOn: 'idle' });
    expect(stripeTags()).toHaveLength(0);
    await waitFor(() => expect(stripeTags()).toHaveLength(1));
  });
});

describe('CheckoutButton: redirect flow', () => {
  it('click → session → checked URL → redirect, busy meanwhile', async () => {
    const user = userEvent.setup();
    let answer!: (v: { url: string }) => void;
    const createSession = jest.fn(() => new Promise<{ url: string }>((r) => (answer = r)));
    const { button, redirect } = setup({ createSession });
    await resolveLoad();
    await user.click(button());
    expect(button()).toHaveAttribute('aria-busy', 'true');
    expect(createSession).toHaveBeenCalledWith({ idempotencyKey: expect.any(String), mode: 'redirect', signal: expect.any(AbortSignal) });
    await act(async () => answer({ url: CHECKOUT_URL }));
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(redirect).toHaveBeenCalledWith(CHECKOUT_URL);
  });

  it.each([
    ['returns nothing: the page stays, the button is usable again', undefined, 'false', 2],
    ['returns true: the page is leaving, the button stays busy and a second click starts nothing', true, 'true', 1],
  ])('a host redirect that %s', async (_label, returned, busyAfter, sessions) => {
    const user = userEvent.setup();
    const createSession = jest.fn(async () => ({ url: CHECKOUT_URL }));
    const { button, redirect } = setup({ createSession });
    redirect.mockReturnValue(returned);
    await user.click(button());
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(1));
    expect(button()).toHaveAttribute('aria-busy', busyAfter);
    await user.click(button());
    await waitFor(() => expect(createSession).toHaveBeenCalledTimes(sessions));
  });

  it('a double click (or five) makes one session request', async () => {
    const user = userEvent.setup();
    let answer!: (v: { url: string }) => void;
    const createSession = jest.fn(() => new Promise<{ url: string }>((r) => (answer = r)));
    const { button, redirect } = setup({ createSession });
    await user.dblClick(button());
    await user.click(button());
    await user.click(button());
    await user.click(button());
    expect(createSession).toHaveBeenCalledTimes(1);
    await act(async () => answer({ url: CHECKOUT_URL }));
    expect(redirect).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['http:', 'http://checkout.stripe.com/c/pay/1'],
    ['javascript:', 'javascript:alert(1)'],
    ['another origin', 'https://evil.example/c/pay/1'],
  ])('refuses to redirect to %s, says so, and stays usable', async (_label, url) => {
    const user = userEvent.setup();
    const createSession = jest.fn(async () => ({ url }));
    const { root, button, redirect, onError } = setup({ createSession });
    await resolveLoad();
    await user.click(button());
    await waitFor(() => expect(root()).toHaveAttribute('data-checkout-error', 'redirect_refused'));
    expect(redirect).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'redirect_refused' }));
    // Focus moves once the alert's text is rendered, which may be a turn after the error's state.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
    expect(button()).toBeEnabled();
    expect(button()).toHaveAttribute('aria-busy', 'false');
    // Script state is untouched by a session error.
    expect(root()).toHaveAttribute('data-checkout-state', 'resolved');
  });

  it('honours allowedCheckoutOrigins', async () => {
    const user = userEvent.setup();
    const { button, redirect } = setup({
      allowedCheckoutOrigins: ['https://pay.example.com'],
      createSession: async () => ({ url: 'https://pay.example.com/s/1' }),
    });
    await user.click(button());
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://pay.example.com/s/1'));
  });

  it('back from the hosted page through the back/forward cache, the button is usable again', async () => {
    const user = userEvent.setup();
    const redirect = jest.fn(() => true); // the page is left
    const view = render(
      <CheckoutButton publishableKey={KEY} createSession={async () => ({ url: CHECKOUT_URL })} redirect={redirect}>
        Pay 12 €
      </CheckoutButton>,
    );
    const button = () => screen.getByRole('button', { name: /pay 12/i });
    await user.click(button());
    await waitFor(() => expect(redirect).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(button()).toHaveAttribute('aria-busy', 'true');
    act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false })));
    expect(button()).toHaveAttribute('aria-busy', 'true'); // a first load, not a return
    act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    expect(button()).toHaveAttribute('aria-busy', 'false');
    view.unmount();
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })); // nothing listens any more
  });

  it('a failed session shows session_failed; the next click asks again', async () => {
    const user = userEvent.setup();
    const createSession = jest
      .fn<Promise<{ url: string }>, []>()
      .mockRejectedValueOnce(new Error('500'))
      .mockResolvedValueOnce({ url: CHECKOUT_URL });
    const { root, button, redirect } = setup({ createSession });
    await user.click(button());
    await waitFor(() => expect(root()).toHaveAttribute('data-checkout-error', 'session_failed'));
    expect(screen.getByRole('alert')).toHaveTextContent(/could not start your checkout/i);
    await user.click(button());
    await waitFor(() => expect(redirect).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(createSession).toHaveBeenCalledTimes(2);
    expect(root()).not.toHaveAttribute('data-checkout-error');
  });

  it("a session's failure is said in the texts that came with the click's code, in the button's language, a host's own text first", async () => {
    const user = userEvent.setup();
    const createSession = jest.fn(async () => ({ url: 'https://evil.example/pay' }));
    const { root, button, unmount } = setup({ createSession, stripeOptions: { locale: 'fr' } });
    await user.click(button());
    await waitFor(() => expect(root()).toHaveAttribute('data-checkout-error', 'redirect_refused'));
    expect(screen.getByRole('alert')).toHaveTextContent(CLICK_TEXTS.fr.redirect_refused);
    unmount();
    const own = setup({ createSession, messages: { redirect_refused: 'Not there.' } });
    await user.click(own.button());
    await waitFor(() => expect(own.root()).toHaveAttribute('data-checkout-error', 'redirect_refused'));
    expect(screen.getByRole('alert')).toHaveTextContent('Not there.');
  });

  it('a server that asks to wait (Retry-After): the alert says to wait, clicks send nothing until the wait is over', async () => {
    const user = userEvent.setup();
    const limited = { code: 'session_failed', message: 'POST /api/s answered 429 Too Many Requests. Retry after 1 s.', retryAfterMs: 400 };
    const createSession = jest
      .fn<Promise<{ url: string }>, []>()
      .mockRejectedValueOnce(limited)
      .mockResolvedValueOnce({ url: CHECKOUT_URL });
    const { root, button, redirect, onError } = setup({ createSession });
    await user.click(button());
    await waitFor(() => expect(root()).toHaveAttribute('data-checkout-error', 'session_failed'));
    expect(onError).toHaveBeenCalledWith(limited);
    expect(screen.getByRole('alert')).toHaveTextContent(CLICK_TEXTS.en.sessionWait);
    expect(button()).toHaveAttribute('aria-disabled', 'true');
    await user.click(button());
    expect(createSession).toHaveBeenCalledTimes(1);
    // The wait passes by itself: the button is usable again and the alert says to try again.
    await waitFor(() => expect(button()).not.toHaveAttribute('aria-disabled'), { timeout: 2_000 });
    expect(screen.getByRole('alert')).toHaveTextContent(en.session_failed);
    await user.click(button());
    await waitFor(() => expect(redirect).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(createSession).toHaveBeenCalledTimes(2);
  });

  it('refuses a sessionBody that is not a plain object as invalid_option, before any request', async () => {
    const user = userEvent.setup();
    const { root, button, createSession, onError } = setup({ sessionBody: 'productId=p' as unknown as object });
    expect(root()).toHaveAttribute('data-checkout-error', 'invalid_option');
    expect(button()).toBeDisabled();
    expect(stripeTags()).toHaveLength(0);
    await user.click(button());
    expect(createSession).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0][0].message).toMatch(/^sessionBody must be a plain JSON object/);
  });

  it('a session that never comes ends in session_timeout', async () => {
    const user = userEvent.setup();
    const { root, button } = setup({ sessionTimeoutMs: 30, createSession: () => new Promise(() => {}) });
    await user.click(button());
    await waitFor(() => expect(root()).toHaveAttribute('data-checkout-error', 'session_timeout'));
    // The click is over: clickable again (aria-busy stays while Stripe.js itself is still pending).
    expect(button()).not.toHaveAttribute('aria-disabled');
    expect(button()).toBeEnabled();
  });

  it('does nothing when disabled', async () => {
    const user = userEvent.setup();
    const { button, createSession } = setup({ disabled: true });
    expect(button()).toBeDisabled();
    await user.click(button());
    expect(createSession).not.toHaveBeenCalled();
  });
});

describe('CheckoutButton: unmount', () => {
  it('during a session: no redirect, no callback, no React warning', async () => {
    const user = userEvent.setup();
    let answer!: (v: { url: string }) => void;
    let sessionSignal!: AbortSignal;
    const createSession = jest.fn(({ signal }: { signal: AbortSignal }) => {
      sessionSignal = signal;
      return new Promise<{ url: string }>((r) => (answer = r));
    });
    const { button, redirect, onError, unmount } = setup({ createSession });
    await user.click(button());
    unmount();
    expect(sessionSignal.aborted).toBe(true);
    await act(async () => answer({ url: CHECKOUT_URL }));
    expect(redirect).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('during the script load: no callback afterwards, no React warning', async () => {
    const { onStateChange, unmount } = setup({ maxLoadAttempts: 1 });
    unmount();
    await failLoad();
    expect(onStateChange.mock.calls).toEqual([['pending', undefined]]);
  });
});

describe('CheckoutButton: keys', () => {
  it.each(['sk_test_51Hsecretvalue', 'rk_live_51Hrestrictedvalue'])(
    'refuses %s: rejected, disabled, no request of any kind, the key nowhere',
    async (key) => {
      const user = userEvent.setup();
      const fetchSpy = jest.fn();
      globalThis.fetch = fetchSpy;
      const log = jest.spyOn(console, 'log');
      const warn = jest.spyOn(console, 'warn');
      const { root, button, createSession, onError, onStateChange } = setup({ publishableKey: key, sessionEndpoint: undefined });
      expect(root()).toHaveAttribute('data-checkout-state', 'rejected');
      expect(root()).toHaveAttribute('data-checkout-error', 'secret_key');
      expect(button()).toBeDisabled();
      expect(screen.getByRole('alert')).toHaveTextContent(/misconfigured/i);
      await user.click(button());
      expect(stripeTags()).toHaveLength(0);
      expect(fetchSpy).not.toHaveBeenCalled();
      expect(createSession).not.toHaveBeenCalled();
      expect(onError).toHaveBeenCalledTimes(1);
      expect(onStateChange).toHaveBeenCalledWith('rejected', expect.objectContaining({ code: 'secret_key' }));
      expect(JSON.stringify(onError.mock.calls)).not.toContain(key);
      expect(document.documentElement.outerHTML).not.toContain(key);
      expect(screen.queryByRole('button', { name: /try again/i })).not.toBeInTheDocument();
      for (const spy of [log, warn]) expect(JSON.stringify(spy.mock.calls)).not.toContain(key);
      log.mockRestore();
      warn.mockRestore();
    },
  );

  it('refuses a malformed key as invalid_key', () => {
    const { root, button } = setup({ publishableKey: 'pk_nope' });
    expect(root()).toHaveAttribute('data-checkout-error', 'invalid_key');
    expect(button()).toBeDisabled();
    expect(stripeTags()).toHaveLength(0);
  });

  // What a JavaScript host (or a page's attribute) can pass that TypeScript would not let through.
  it.each([{ mode: 'popup' }, { loadOn: 'hover' }])('refuses %p as invalid_option, before any request', (options) => {
    const { root, button, onError } = setup(options as Partial<CheckoutButtonProps>);
    expect(root()).toHaveAttribute('data-checkout-state', 'rejected');
    expect(root()).toHaveAttribute('data-checkout-error', 'invalid_option');
    expect(button()).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent(/misconfigured/i);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'invalid_option' }));
    expect(stripeTags()).toHaveLength(0);
  });
});

describe('CheckoutButton: a configuration error across re-renders', () => {
  // A host writes sessionBody inline, a new object at each render: the standing failure is the same one.
  it.each<[string, Partial<CheckoutButtonProps>, () => unknown]>([
    ['a secret key, with a valid sessionBody', { publishableKey: 'sk_test_51Hrerender' }, () => ({ productId: 'p' })],
    ['a sessionBody that is not a plain object', {}, () => ['p']],
  ])('%s is reported once, however often the host re-renders', (_, props, body) => {
    const onError = jest.fn();
    const onStateChange = jest.fn();
    const element = () => (
      <CheckoutButton
        publishableKey={KEY}
        createSession={async () => ({ url: CHECKOUT_URL })}
        {...props}
        sessionBody={body() as object}
        onError={onError}
        onStateChange={onStateChange}
      />
    );
    const { rerender } = render(element());
    for (let i = 0; i < 5; i++) rerender(element());
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onStateChange).toHaveBeenCalledTimes(1);
  });
});

describe('CheckoutButton: accessibility (axe) in each state', () => {
  it('initial', async () => {
    const { container } = setup({ loadOn: 'click' });
    await expectNoAxeViolations(container);
  });

  it('pending', async () => {
    const { container } = setup();
    await expectNoAxeViolations(container);
  });

  it('resolved', async () => {
    const { container } = setup();
    await resolveLoad();
    await expectNoAxeViolations(container);
  });

  it('rejected with Try again', async () => {
    const { container } = setup({ mode: 'embedded', maxLoadAttempts: 1 });
    await failLoad();
    await expectNoAxeViolations(container);
  });

  it('session error', async () => {
    const user = userEvent.setup();
    const { container, root, button } = setup({ createSession: async () => Promise.reject(new Error('x')) });
    await user.click(button());
    await waitFor(() => expect(root()).toHaveAttribute('data-checkout-error', 'session_failed'));
    await expectNoAxeViolations(container);
  });

  it('configuration error', async () => {
    const { container } = setup({ publishableKey: 'sk_test_x' });
    await expectNoAxeViolations(container);
  });
});

describe('CheckoutButton: host callbacks that throw', () => {
  it('a throwing onError, onStateChange or onEvent costs the flow nothing: the alert shows, the others are still called, each error surfaces on its own task', async () => {
    const thrown: unknown[] = [];
    const onUncaught = (event: ErrorEvent) => {
      thrown.push(event.error);
      event.preventDefault();
    };
    window.addEventListener('error', onUncaught);
    const onEvent = jest.fn(() => {
      throw new Error('host onEvent bug');
    });
    const createSession = jest.fn(async () => {
      throw new Error('server down');
    });
    const { button, onError, onStateChange } = setup({ createSession, onEvent, maxLoadAttempts: 1 });
    onError.mockImplementation(() => {
      throw new Error('host onError bug');
    });
    onStateChange.mockImplementation(() => {
      throw new Error('host onStateChange bug');
    });
    try {
      await userEvent.click(button());
      expect(await screen.findByRole('alert')).toBeInTheDocument();
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'session_failed' }));
      await failLoad();
      // The script's rejection still reaches onError after onStateChange threw.
      expect(onError.mock.calls.map(([e]) => e.code)).toEqual(['session_failed', 'script_load_failed']);
      await waitFor(() =>
        expect(thrown.map(String)).toEqual(
          expect.arrayContaining(['Error: host onError bug', 'Error: host onEvent bug', 'Error: host onStateChange bug']),
        ),
      );
    } finally {
      window.removeEventListener('error', onUncaught);
    }
  });
});
