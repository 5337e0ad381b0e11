// The offline demo's scenarios: what the stand-in for js.stripe.com does, and what the page should
// then show. Shared by the switcher (browser), the service worker and the server (the CSP one).
import type { CheckoutErrorCode, ScriptState } from '../remote/checkoutTypes';

export type ScenarioId = 'normal' | 'slow' | 'fail' | 'hang' | 'no-stripe' | 'csp-blocked';

export interface Scenario {
  id: ScenarioId;
  label: string;
  /** What the stand-in does for the script request. */
  does: string;
  /** Where the button should end. */
  expect: { state: ScriptState; code?: CheckoutErrorCode };
}

/** The slow scenario answers after this long: visible, and under the demo's load timeout. */
export const SLOW_ANSWER_MS = 2_500;

export const SCENARIOS: readonly Scenario[] = [
  { id: 'normal', label: 'Normal', does: 'Stripe.js answers at once.', expect: { state: 'resolved' } },
  {
    id: 'slow',
    label: 'Slow',
    does: `Stripe.js answers after ${SLOW_ANSWER_MS / 1000} s, inside the load timeout.`,
    expect: { state: 'resolved' },
  },
  {
    id: 'fail',
    label: 'Network error',
    does: 'Every request for Stripe.js fails; the loader retries, then gives up.',
    expect: { state: 'rejected', code: 'script_load_failed' },
  },
  {
    id: 'hang',
    label: 'Never answers',
    does: 'Stripe.js never answers; each attempt ends at the load timeout.',
    expect: { state: 'rejected', code: 'script_timeout' },
  },
  {
    id: 'no-stripe',
    label: 'No Stripe global',
    does: 'A script arrives but does not define window.Stripe (as a proxy or an extension might).',
    expect: { state: 'rejected', code: 'stripe_unavailable' },
  },
  {
    id: 'csp-blocked',
    label: 'Blocked by CSP',
    does: "The server sends this page a Content-Security-Policy whose script-src leaves out js.stripe.com.",
    expect: { state: 'rejected', code: 'script_blocked' },
  },
];

export const DEFAULT_SCENARIO: ScenarioId = 'normal';

export function isScenarioId(value: unknown): value is ScenarioId {
  return SCENARIOS.some((scenario) => scenario.id === value);
}

/** The scenario a page URL asks for (`?scenario=`), or the default. */
export function scenarioFromUrl(url: string): ScenarioId {
  let value: string | null = null;
  try {
    value = new URL(url, 'http://localhost').searchParams.get('scenario');
  } catch {
    // not a URL: the default
  }
  return isScenarioId(value) ? value : DEFAULT_SCENARIO;
}

/** What the demo session endpoint answers (`?session=`): every session error of the button. */
export const SESSION_OUTCOMES = ['ok', '500', 'bad-json', 'hang', 'other-origin', 'http', 'javascript'] as const;
export type SessionOutcome = (typeof SESSION_OUTCOMES)[number];

export const SESSION_OUTCOME_INFO: Record<SessionOutcome, { label: string; expect?: CheckoutErrorCode }> = {
  ok: { label: 'Answers a session' },
  '500': { label: 'HTTP 500', expect: 'session_failed' },
  'bad-json': { label: 'Not JSON', expect: 'session_failed' },
  hang: { label: 'Never answers', expect: 'session_timeout' },
  'other-origin': { label: 'Other origin', expect: 'redirect_refused' },
  http: { label: 'http: URL', expect: 'redirect_refused' },
  javascript: { label: 'javascript: URL', expect: 'redirect_refused' },
};

export function sessionOutcome(value: string | null): SessionOutcome {
  return (SESSION_OUTCOMES as readonly string[]).includes(value ?? '') ? (value as SessionOutcome) : 'ok';
}
