// Everything the example page can be asked through its URL. Defaults suit a person; the browser
// tests use the parameters to provoke each state. Pure, so it is tested on its own.
import type { CheckoutMode } from './remote/checkoutTypes';
import { DEFAULT_SCENARIO, isScenarioId, sessionOutcome, type ScenarioId, type SessionOutcome } from './demo/scenarios';
import { DEFAULT_REMOTE_POLICY, type RemotePolicy } from './remote/retryPlugin';

export type LoadOn = 'mount' | 'idle' | 'intent' | 'click';
const LOAD_ON: readonly LoadOn[] = ['mount', 'idle', 'intent', 'click'];

/**
 * The demo's load policy: short enough that "never answers" ends while you watch, and shown on the
 * page. Real mode keeps the button's own defaults (10 s per attempt, 3 attempts).
 */
export const DEMO_LOAD_TIMEOUT_MS = 4_000;
export const DEMO_MAX_LOAD_ATTEMPTS = 2;

export const DEMO_PUBLISHABLE_KEY = 'pk_test_demo_offline';
export const MAX_BUTTONS = 12;

export interface PageOptions {
  /** The remote's manifest: `?remote=`, else the build's REMOTE_URL. */
  remoteUrl: string;
  remotePolicy: RemotePolicy;
  scenario: ScenarioId;
  session: SessionOutcome;
  mode: CheckoutMode;
  loadOn: LoadOn;
  buttons: number;
  strict: boolean;
  /** `?key=`: replaces the publishable key, e.g. to see how a secret key is refused. */
  key?: string;
  loadTimeoutMs?: number;
  maxLoadAttempts?: number;
  sessionTimeoutMs?: number;
}

function positiveInt(value: string | null, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? Math.min(n, max) : undefined;
}

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function absoluteUrl(value: string | null): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value, typeof location === 'undefined' ? 'http://localhost' : location.href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function readPageOptions(search: string, context: { remoteUrl: string; demo: boolean }): PageOptions {
  const q = new URLSearchParams(search);
  const scenario = q.get('scenario');
  return {
    remoteUrl: absoluteUrl(q.get('remote')) ?? context.remoteUrl,
    remotePolicy: {
      attempts: positiveInt(q.get('remoteAttempts'), 10) ?? DEFAULT_REMOTE_POLICY.attempts,
      timeoutMs: positiveInt(q.get('remoteTimeoutMs')) ?? DEFAULT_REMOTE_POLICY.timeoutMs,
      backoffMs: DEFAULT_REMOTE_POLICY.backoffMs,
    },
    scenario: isScenarioId(scenario) ? scenario : DEFAULT_SCENARIO,
    session: sessionOutcome(q.get('session')),
    mode: pick<CheckoutMode>(q.get('mode'), ['redirect', 'embedded'], 'redirect'),
    loadOn: pick(q.get('loadOn'), LOAD_ON, 'mount'),
    buttons: positiveInt(q.get('buttons'), MAX_BUTTONS) ?? 1,
    strict: q.get('strict') === '1' || q.get('strict') === 'true',
    key: q.get('key') ?? undefined,
    loadTimeoutMs: positiveInt(q.get('loadTimeoutMs')) ?? (context.demo ? DEMO_LOAD_TIMEOUT_MS : undefined),
    maxLoadAttempts: positiveInt(q.get('maxLoadAttempts')) ?? (context.demo ? DEMO_MAX_LOAD_ATTEMPTS : undefined),
    sessionTimeoutMs: positiveInt(q.get('sessionTimeoutMs')),
  };
}

/** The same page with some parameters changed (null removes one); for the scenario switcher. */
export function withParams(href: string, changes: Record<string, string | null>): string {
  const url = new URL(href);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  return url.pathname + url.search + url.hash;
}
