// The demo's switches, read from the page's query. Demo-only: a real host hard-codes its choices.
import type { CheckoutButtonProps, CheckoutMode } from '../../src/core/types';

/** What js.stripe.com does in the offline demo (answered by the demo's service worker). */
export const STRIPE_SCENARIOS = ['ok', 'slow', 'fail', 'hang', 'no-stripe', 'csp'] as const;
export type StripeScenario = (typeof STRIPE_SCENARIOS)[number];
/** What the demo's session endpoint answers. */
export const SESSION_SCENARIOS = ['ok', '500', 'hang'] as const;
export type SessionScenario = (typeof SESSION_SCENARIOS)[number];

/** Wallets mode, offline: which wallets the stand-in's "device" has, and how a wallet payment ends. */
export const DEVICE_WALLETS = { all: ['apple_pay', 'google_pay', 'link'], link: ['link'], none: [] } as const;
export type DeviceWallets = keyof typeof DEVICE_WALLETS;
export const WALLET_RESULTS = ['success', 'decline', 'cancel', 'loaderror'] as const;
export type WalletResult = (typeof WALLET_RESULTS)[number];
export const MODES: readonly CheckoutMode[] = ['redirect', 'embedded', 'wallets'];

/** The demo server's mark on its pages (see server.ts): which Stripe.js it offers, with which key. */
export const DEMO_COOKIE = 'checkout-demo';
export interface DemoServer {
  stripe: 'stand-in' | 'test-mode';
  publishableKey: string;
}

/** A port nothing listens on: "the remote is down, connections refused". */
export const DOWN_REMOTE = 'http://127.0.0.1:3999/mf-manifest.json';
export const SLOW_STRIPE_MS = 2_500;

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T =>
  allowed.includes(value as T) ? (value as T) : allowed[0];
const parsed = (value: string): unknown => {
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
};
const num = (value: string | null) => (value && Number.isFinite(Number(value)) ? Number(value) : undefined);

export function demoRemoteOptions(search: string): { manifestUrl?: string; attempts?: number; timeoutMs?: number } {
  const q = new URLSearchParams(search);
  const remote = q.get('remote');
  const options = {
    manifestUrl: remote === 'down' ? DOWN_REMOTE : remote?.startsWith('http') ? remote : undefined,
    attempts: num(q.get('remoteAttempts')),
    timeoutMs: num(q.get('remoteTimeoutMs')),
  };
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
}

/** CheckoutButton props a URL can carry (JSON: no functions). */
export type JsonProps = Omit<
  CheckoutButtonProps,
  'onStateChange' | 'onError' | 'onComplete' | 'onEvent' | 'createSession' | 'redirect' | 'children'
>;

export interface DemoOptions {
  stripe: StripeScenario;
  session: SessionScenario;
  mode: CheckoutMode;
  /** `?wallets=all|link|none`, `?walletResult=success|decline|cancel|loaderror`: the stand-in Stripe.js's switches. */
  wallets: DeviceWallets;
  walletResult: WalletResult;
  remoteDown: boolean;
  loadTimeoutMs?: number;
  maxLoadAttempts?: number;
  /** `?props=<json>`: props over the demo's (a test that keeps a secret key off the wire sets `window.__hostProps`). */
  props: Partial<JsonProps>;
  /** `?buttons=<n>`: that many slots on the page; they share one Stripe.js load. */
  buttons: number;
}

export function demoOptions(search: string): DemoOptions {
  const q = new URLSearchParams(search);
  return {
    stripe: pick(q.get('stripe'), STRIPE_SCENARIOS),
    session: pick(q.get('session'), SESSION_SCENARIOS),
    mode: pick(q.get('mode'), MODES),
    wallets: pick(q.get('wallets'), Object.keys(DEVICE_WALLETS) as DeviceWallets[]),
    walletResult: pick(q.get('walletResult'), WALLET_RESULTS),
    remoteDown: q.get('remote') === 'down',
    loadTimeoutMs: num(q.get('loadTimeoutMs')),
    maxLoadAttempts: num(q.get('maxLoadAttempts')),
    props: (window as { __hostProps?: Partial<JsonProps> }).__hostProps ?? parsed(q.get('props') ?? '{}') ?? {},
    buttons: Math.min(50, Math.max(1, num(q.get('buttons')) ?? 1)),
  };
}

/** The same page with one switch changed. */
export function withOption(search: string, key: string, value: string | null): string {
  const q = new URLSearchParams(search);
  q.delete('session_id');
  q.delete('checkout');
  if (value === null) q.delete(key);
  else q.set(key, value);
  const query = q.toString();
  return query ? `?${query}` : '?';
}

/** The demo server marks its pages with a cookie; a page served as plain files has none and waits for nothing. */
export function demoServer(): DemoServer | null {
  const value = document.cookie.split('; ').find((c) => c.startsWith(`${DEMO_COOKIE}=`));
  return value ? (parsed(decodeURIComponent(value.slice(DEMO_COOKIE.length + 1))) as DemoServer | null) : null;
}
