// Demo-only: switches for every scenario, and a live timeline of what the button reports.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CheckoutButtonProps } from '../../src/types';
import { demoOptions, SESSION_SCENARIOS, STRIPE_SCENARIOS, withOption, type DemoOptions } from './options';
import { lineFor, type Line } from './timeline';

/** What the demo server says about itself (GET /demo/config); absent on a plain static server. */
interface DemoConfig {
  stripe: 'stand-in' | 'test-mode';
  publishableKey: string;
}

export interface Demo {
  options: DemoOptions;
  config: DemoConfig | null;
  props: CheckoutButtonProps;
  lines: Line[];
  paid: boolean;
  onRemoteError: (error: Error) => void;
}

const PLACEHOLDER_KEY = 'pk_test_demoPlaceholder';

export function useDemo(): Demo {
  const options = useMemo(() => demoOptions(location.search), []);
  const [config, setConfig] = useState<DemoConfig | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  const append = useCallback((line: Line) => setLines((all) => [...all.slice(-11), line]), []);
  const log = useCallback((text: string, tone?: Line['tone']) => append({ t: Math.round(performance.now()), text, tone }), [append]);

  useEffect(() => {
    fetch('/demo/config')
      .then((r) => (r.ok ? (r.json() as Promise<DemoConfig>) : null))
      .then(async (found) => {
        // Offline: a service worker answers js.stripe.com with the stand-in, before the button asks.
        if (found?.stripe === 'stand-in' && 'serviceWorker' in navigator) {
          await navigator.serviceWorker.register('/demo-sw.js');
          if (!navigator.serviceWorker.controller) return location.reload();
        }
        setConfig(found ?? { stripe: 'test-mode', publishableKey: PLACEHOLDER_KEY });
      })
      .catch(() => setConfig({ stripe: 'test-mode', publishableKey: PLACEHOLDER_KEY }));
  }, []);

  const props: CheckoutButtonProps = {
    publishableKey: config?.publishableKey ?? PLACEHOLDER_KEY,
    // Until the demo knows where Stripe.js comes from, nothing is requested.
    loadOn: config ? 'mount' : 'click',
    disabled: !config,
    mode: options.mode,
    sessionEndpoint: '/api/checkout-sessions',
    sessionBody: { mode: options.mode, scenario: options.session },
    loadTimeoutMs: options.loadTimeoutMs ?? 4_000,
    maxLoadAttempts: options.maxLoadAttempts,
    redirect: (url) => {
      // The stand-in's sessions have nowhere to go offline: land on the success page instead.
      location.assign(config?.stripe === 'stand-in' ? '/?paid=1' : url);
    },
    // The timeline is the button's own telemetry; the error's message adds what a developer needs.
    onEvent: (event) => append(lineFor(event)),
    onError: (error) => log(`${error.code}: ${error.message}`, 'bad'),
  };
  const onRemoteError = useCallback((error: Error) => log(error.message, 'bad'), [log]);
  return { options, config, props, lines, paid: new URLSearchParams(location.search).has('paid'), onRemoteError };
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

export function DemoPanel({ demo }: { demo: Demo }) {
  const { options, config, lines } = demo;
  return (
    <aside className="demo" aria-label="Demo controls">
      <h2>Demo</h2>
      <p className="note">
        {config?.stripe === 'stand-in' ? 'Offline: a stand-in answers for Stripe.js. No card is charged.' : 'Stripe test mode.'}
      </p>
      {config?.stripe === 'stand-in' && <Switch name="stripe" value={options.stripe} choices={STRIPE_SCENARIOS} />}
      <Switch name="session" value={options.session} choices={SESSION_SCENARIOS} />
      <Switch name="mode" value={options.mode} choices={['redirect', 'embedded']} />
      <Switch name="remote" value={options.remoteDown ? 'down' : 'up'} choices={['up', 'down']} />
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
