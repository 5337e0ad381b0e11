// The shop page of the host shell: a cart, the remote's checkout button, and the status panel.
import { useEffect, useMemo, useState } from 'react';
import type { PageOptions } from '../pageOptions';
import type { CheckoutButtonProps } from '../remote/checkoutTypes';
import type { CheckoutRemote } from '../remote/registerCheckoutRemote';
import { RemoteBoundary } from '../remote/RemoteBoundary';
import { RemoteCheckoutButton } from '../remote/RemoteCheckoutButton';
import { demoRedirect } from '../demo/demoRedirect';
import type { DemoWorkerStatus } from '../demo/demoServiceWorker';
import { ScenarioSwitcher } from '../demo/ScenarioSwitcher';
import { DEMO_PUBLISHABLE_KEY } from '../pageOptions';
import { StatusPanel } from '../status/StatusPanel';
import type { StatusStore } from '../status/statusStore';
import { SESSIONS_ENDPOINT, type PublicConfig, type SessionRequestBody } from './api';
import { CATALOGUE, MAX_QUANTITY, cartTotal, formatAmount, type CartLine } from './catalogue';
import { Topbar } from './Topbar';

export interface ShopPageProps {
  config: PublicConfig;
  options: PageOptions;
  remote: CheckoutRemote;
  store: StatusStore;
  demoWorker: DemoWorkerStatus | null;
}

const CART_KEY = 'host-example-cart';
const DEFAULT_CART: CartLine[] = [
  { id: 'mug', quantity: 1 },
  { id: 'beans', quantity: 2 },
];

function useCart(): [CartLine[], (id: string, quantity: number) => void] {
  const [lines, setLines] = useState<CartLine[]>(() => {
    try {
      const saved = JSON.parse(sessionStorage.getItem(CART_KEY) ?? 'null') as CartLine[] | null;
      return Array.isArray(saved) ? saved : DEFAULT_CART;
    } catch {
      return DEFAULT_CART;
    }
  });
  useEffect(() => sessionStorage.setItem(CART_KEY, JSON.stringify(lines)), [lines]);
  const setQuantity = (id: string, quantity: number) =>
    setLines((current) => {
      const rest = current.filter((line) => line.id !== id);
      if (quantity <= 0) return rest;
      const next = [...rest, { id, quantity: Math.min(quantity, MAX_QUANTITY) }];
      return CATALOGUE.filter((p) => next.some((l) => l.id === p.id)).map((p) => next.find((l) => l.id === p.id)!);
    });
  return [lines, setQuantity];
}

function Cart({ lines, setQuantity }: { lines: CartLine[]; setQuantity: (id: string, quantity: number) => void }) {
  return (
    <ul className="cart">
      {CATALOGUE.map((product) => {
        const quantity = lines.find((line) => line.id === product.id)?.quantity ?? 0;
        return (
          <li key={product.id} className={quantity ? 'cart-line' : 'cart-line is-empty'}>
            <span className="cart-swatch" style={{ background: product.color }} aria-hidden="true" />
            <span className="cart-name">
              <strong>{product.name}</strong>
              <span>{product.description}</span>
            </span>
            <span className="stepper" role="group" aria-label={`Quantity of ${product.name}`}>
              <button type="button" onClick={() => setQuantity(product.id, quantity - 1)} disabled={quantity === 0} aria-label={`One less ${product.name}`}>
                −
              </button>
              <output aria-live="polite">{quantity}</output>
              <button type="button" onClick={() => setQuantity(product.id, quantity + 1)} disabled={quantity >= MAX_QUANTITY} aria-label={`One more ${product.name}`}>
                +
              </button>
            </span>
            <span className="cart-price">{formatAmount(product.unitAmount * quantity)}</span>
          </li>
        );
      })}
    </ul>
  );
}

function Setting({ name, value, note }: { name: string; value: string; note?: string }) {
  return (
    <div className="setting">
      <dt>{name}</dt>
      <dd>
        <code>{value}</code>
        {note && <span className="setting-note">{note}</span>}
      </dd>
    </div>
  );
}

/** A publishable key is public; anything else given as one (a secret key…) is not repeated. */
function shownKey(key: string): string {
  return /^pk_(test|live)_[A-Za-z0-9_]+$/.test(key) ? key : `${key.slice(0, 3)}… (not a publishable key, not shown)`;
}

export function ShopPage({ config, options, remote, store, demoWorker }: ShopPageProps) {
  const demo = config.mode === 'demo';
  const [lines, setQuantity] = useCart();
  const [completed, setCompleted] = useState(false);
  const total = cartTotal(lines);
  const publishableKey = options.key ?? config.publishableKey ?? DEMO_PUBLISHABLE_KEY;

  const sessionEndpoint = demo && options.session !== 'ok' ? `${SESSIONS_ENDPOINT}?session=${options.session}` : SESSIONS_ENDPOINT;
  const sessionBody: SessionRequestBody = useMemo(() => ({ items: lines, mode: options.mode }), [lines, options.mode]);
  const callbacks = useMemo(
    () =>
      Array.from({ length: options.buttons }, (_, i) => {
        const reported = store.callbacksFor(i);
        return { ...reported, onComplete: () => (reported.onComplete(), setCompleted(true)) };
      }),
    [store, options.buttons],
  );

  const buttonProps: Omit<CheckoutButtonProps, 'children'> = {
    publishableKey,
    sessionEndpoint,
    sessionBody,
    mode: options.mode,
    loadOn: options.loadOn,
    loadTimeoutMs: options.loadTimeoutMs,
    maxLoadAttempts: options.maxLoadAttempts,
    sessionTimeoutMs: options.sessionTimeoutMs,
    // Demo: after the remote accepted the Stripe-shaped URL, go to the local demo checkout page.
    redirect: demo ? demoRedirect : undefined,
    disabled: lines.length === 0,
  };

  const ms = (value: number | undefined, fallback: string) => (value === undefined ? fallback : `${value} ms`);

  return (
    <div className="page">
      <Topbar mode={config.mode} />
      {demo ? (
        <div className="notice notice-demo" role="note">
          <strong>Offline demo: no real payment.</strong> Stripe.js is answered by a local stand-in (a service worker in this
          page), and the redirect to Stripe is replaced by a local demo checkout page. The checkout remote itself runs unchanged.
          Set <code>STRIPE_PUBLISHABLE_KEY</code> and <code>STRIPE_SECRET_KEY</code> (test keys) for Stripe test mode.
          {demoWorker && demoWorker !== 'controlled' && (
            <span className="notice-warning"> The demo service worker is not running ({demoWorker}): Stripe.js requests go to the network.</span>
          )}
        </div>
      ) : (
        <div className="notice notice-stripe" role="note">
          <strong>Stripe test mode.</strong> Real Checkout Sessions with your test keys; pay with a test card such as{' '}
          <code>4242 4242 4242 4242</code>.
        </div>
      )}
      {config.notice && (
        <div className="notice notice-warning-box" role="note">
          {config.notice}
        </div>
      )}
      {demo && <ScenarioSwitcher options={options} />}

      <main className="layout">
        <section className="card shop" aria-labelledby="cart-title">
          <h1 id="cart-title">Your cart</h1>
          <Cart lines={lines} setQuantity={setQuantity} />
          <div className="checkout">
            <div className="total">
              <span>Total</span>
              <strong>{formatAmount(total)}</strong>
            </div>
            <RemoteBoundary onRetry={remote.retry}>
              <div className="buttons">
                {callbacks.map((reported, i) => (
                  <RemoteCheckoutButton key={i} remote={remote} {...buttonProps} {...reported}>
                    Pay {formatAmount(total)}
                    {options.buttons > 1 ? ` · ${i + 1}` : ''}
                  </RemoteCheckoutButton>
                ))}
              </div>
            </RemoteBoundary>
            {lines.length === 0 && <p className="muted">Your cart is empty: add something to pay.</p>}
            {completed && (
              <p className="complete-note" role="status">
                Payment complete{demo ? ' (demo: nothing was charged)' : ''}.
              </p>
            )}
            <p className="secure-note">
              <svg className="lock" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
                <path d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2h.5a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h.5zm1.5 0h4V5a2 2 0 1 0-4 0v2z" fill="currentColor" />
              </svg>{' '}
              Card payment by Stripe Checkout, from the <code>checkout</code> remote
            </p>
          </div>
          <dl className="settings" aria-label="Settings of this page">
            <Setting name="remote" value={remote.manifestUrl} note="?remote=" />
            <Setting
              name="remote attempts"
              value={`${remote.policy.attempts} × ${remote.policy.timeoutMs} ms`}
              note="?remoteAttempts= ?remoteTimeoutMs="
            />
            <Setting name="loadTimeoutMs" value={ms(options.loadTimeoutMs, '10000 ms (default)')} note="per Stripe.js attempt" />
            <Setting name="maxLoadAttempts" value={String(options.maxLoadAttempts ?? '3 (default)')} />
            <Setting name="sessionTimeoutMs" value={ms(options.sessionTimeoutMs, '15000 ms (default)')} />
            <Setting name="mode" value={options.mode} note="?mode=redirect|embedded" />
            <Setting name="publishableKey" value={shownKey(publishableKey)} note={options.key ? '?key=' : undefined} />
          </dl>
        </section>
        <StatusPanel store={store} remote={remote} />
      </main>
      <footer className="footer">
        Host example of the <code>checkout</code> Module Federation remote. Debugging hook:{' '}
        <code>window.__checkoutEvents</code>, <code>window.__remoteEvents</code>.
      </footer>
    </div>
  );
}
