// Demo-only: switches for every scenario, and a live timeline of what the button reports.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CheckoutButtonProps, CheckoutCompletion, CheckoutError, CheckoutEvent } from '../../src/core/types';
import { CheckoutSlot } from '@checkout/host-kit/react';
import type { CheckoutLoader } from '../src/checkoutRemote';
import { options, pageWalletSession, session } from './pageStart';
import {
  demoServer,
  DEVICE_WALLETS,
  MODES,
  SESSION_SCENARIOS,
  STRIPE_SCENARIOS,
  WALLET_RESULTS,
  withOption,
  type DemoOptions,
  type DemoServer,
} from './options';
import { recorded, recordRemoteFailure } from './recorder';
import { CHECKOUT_STAND_IN_PATH } from '../../stand-ins/hostedCheckoutPage';
import { lineFor, type Line } from './timeline';

export interface Demo {
  options: DemoOptions;
  server: DemoServer | null;
  /** Button `i`'s props: the demo's, the query's `props` over them, the callbacks recorded. */
  propsFor: (i: number) => CheckoutButtonProps;
  lines: Line[];
  onRemoteError: (error: Error) => void;
}

/** `onComplete`: the page's own, for the first button's completion in the page. */
export function useDemo(onComplete?: (completion: CheckoutCompletion) => void): Demo {
  const server = useMemo(demoServer, []);
  const [lines, setLines] = useState<Line[]>([]);
  const append = useCallback((line: Line) => setLines((all) => [...all.slice(-11), line]), []);
  const log = useCallback((text: string, tone?: Line['tone']) => append({ t: Math.round(performance.now()), text, tone }), [append]);
  // Offline, a service worker answers js.stripe.com with the stand-in. It must control the page from
  // its first request (index.html may load Stripe.js itself): the first visit reloads once it does.
  const controlled = server?.stripe !== 'stand-in' || !!navigator.serviceWorker?.controller;

  useEffect(() => {
    if (controlled) return;
    navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
    navigator.serviceWorker
      .register('/demo-sw.js')
      .catch((error: Error) => log(`the offline stand-in did not start: ${error.message}`, 'bad'));
  }, [controlled, log]);

  const demoProps: CheckoutButtonProps = {
    publishableKey: server?.publishableKey ?? 'pk_test_demoPlaceholder',
    // Until the stand-in answers for js.stripe.com, nothing is requested.
    loadOn: controlled ? 'mount' : 'click',
    disabled: !controlled,
    mode: options.mode,
    ...session,
    walletSession: pageWalletSession,
    loadTimeoutMs: options.loadTimeoutMs ?? 4_000,
    maxLoadAttempts: options.maxLoadAttempts,
    redirect: (url) => {
      // Offline, checkout.stripe.com is played by the demo server (stand-ins/hostedCheckoutPage.ts).
      const id = new URL(url).pathname.split('/').pop() ?? '';
      location.assign(server?.stripe === 'stand-in' ? `${CHECKOUT_STAND_IN_PATH}?session=${encodeURIComponent(id)}` : url);
    },
  };
  // The timeline is the first button's own telemetry; the error's message adds what a developer needs.
  const onEvent = (event: CheckoutEvent) => append(lineFor(event));
  const onError = (error: CheckoutError) => log(`${error.code}: ${error.message}`, 'bad');
  // Offline, embedded Pay has no Stripe behind it: the demo server completes the session (wallets reach the API stand-in).
  const settle = (then?: (completion: CheckoutCompletion) => void) => (completion: CheckoutCompletion) =>
    void (
      server?.stripe === 'stand-in' && options.mode === 'embedded'
        ? fetch(CHECKOUT_STAND_IN_PATH, {
            method: 'POST',
            body: new URLSearchParams({ session: completion.sessionId, outcome: 'paid' }),
            redirect: 'manual',
          })
        : Promise.resolve()
    )
      .catch(() => undefined)
      .then(() => then?.(completion));
  const propsFor = (i: number): CheckoutButtonProps => ({
    ...demoProps,
    ...options.props,
    ...(i === 0 ? { onEvent } : {}),
    ...recorded(i, i === 0 ? { onError, onComplete: settle(onComplete) } : {}),
  });
  const onRemoteError = useCallback(
    (error: Error) => {
      recordRemoteFailure(error);
      log(error.message, 'bad');
    },
    [log],
  );
  return { options, server, propsFor, lines, onRemoteError };
}

function Switch({ name, value, choices }: { name: string; value: string; choices: readonly string[] }) {
  return (
    <p className="switch">
      <span>{name}</span>
      {choices.map((choice) => (
        <a key={choice} href={withOption(location.search, name, choice)} aria-current={choice === value ? 'true' : undefined}>
          {choice}
        </a>
      ))}
    </p>
  );
}

const NOTE = {
  'stand-in': 'Offline: a stand-in answers for Stripe.js. No card is charged.',
  'test-mode': 'Stripe test mode.',
  none: 'Served as plain files, without the demo server: no session endpoint.',
};

export function DemoPanel({ demo, load }: { demo: Demo; load: CheckoutLoader }) {
  const { options, server, lines } = demo;
  return (
    <aside className="demo" aria-label="Demo controls">
      <h2>Demo</h2>
      <p className="note">{NOTE[server?.stripe ?? 'none']}</p>
      {server?.stripe === 'stand-in' && <Switch name="stripe" value={options.stripe} choices={STRIPE_SCENARIOS} />}
      <Switch name="session" value={options.session} choices={SESSION_SCENARIOS} />
      <Switch name="mode" value={options.mode} choices={MODES} />
      {options.mode === 'wallets' && server?.stripe === 'stand-in' && (
        <>
          <Switch name="wallets" value={options.wallets} choices={Object.keys(DEVICE_WALLETS)} />
          <Switch name="walletResult" value={options.walletResult} choices={WALLET_RESULTS} />
        </>
      )}
      <Switch name="remote" value={options.remoteDown ? 'down' : 'up'} choices={['up', 'down']} />
      {options.buttons > 1 && (
        // ?buttons=<n>: more slots on the page, sharing the first one's Stripe.js load.
        <ul className="slots" aria-label="More slots">
          {Array.from({ length: options.buttons - 1 }, (_, i) => (
            <li key={i}>
              <CheckoutSlot load={load} onRemoteError={recordRemoteFailure} {...demo.propsFor(i + 1)}>
                Pay 12.00 €
              </CheckoutSlot>
            </li>
          ))}
        </ul>
      )}
      <ol className="timeline" aria-live="polite">
        {lines.map((line, i) => (
          <li key={i} data-tone={line.tone}>
            <time>{(line.t / 1000).toFixed(2)} s</time> {line.text}
          </li>
        ))}
      </ol>
    </aside>
  );
}
