// Script URLs under Trusted Types: on a page that enforces `require-trusted-types-for 'script'`, a plain
// string assigned to `script.src` throws. Our URL goes through a policy of our own, which only ever
// vouches for Stripe.js.
import type { CheckoutError } from '../core/types';
import { checkoutError, describeCause } from '../core/errors';
import { pageState, type ScriptUrlPolicy } from './pageState';
import { STRIPE_JS_URL, TRUSTED_TYPES_POLICY } from './policy';

type TrustedTypesWindow = Window & {
  trustedTypes?: { createPolicy(name: string, rules: { createScriptURL(url: string): string }): ScriptUrlPolicy };
};

const ALLOW_LINE = `Allow it in the page's Content-Security-Policy with: trusted-types ${TRUSTED_TYPES_POLICY}`;

/** `script_blocked`, saying that Trusted Types refused and how to allow our policy. */
export function blockedByTrustedTypes(detail: string, cause: unknown): CheckoutError {
  return checkoutError(
    'script_blocked',
    `Trusted Types blocked ${STRIPE_JS_URL}: ${detail} ${ALLOW_LINE} (keep your other policy names on that line).`,
    cause,
  );
}

/**
 * The value to assign to `script.src`: a TrustedScriptURL where the browser has Trusted Types, the
 * string elsewhere. Throws a `script_blocked` CheckoutError when the page does not allow our policy.
 */
export function trustedScriptUrl(url: string): unknown {
  const tt = (window as TrustedTypesWindow).trustedTypes;
  if (!tt || typeof tt.createPolicy !== 'function') return url;
  const page = pageState();
  if (!page.trustedTypesPolicy) {
    try {
      page.trustedTypesPolicy = tt.createPolicy(TRUSTED_TYPES_POLICY, {
        createScriptURL(candidate) {
          if (candidate === STRIPE_JS_URL || candidate.startsWith(`${STRIPE_JS_URL}?`)) return candidate;
          throw new TypeError(`The ${TRUSTED_TYPES_POLICY} policy only allows ${STRIPE_JS_URL}.`);
        },
      });
    } catch (cause) {
      throw blockedByTrustedTypes(`the page does not allow the policy "${TRUSTED_TYPES_POLICY}" (${describeCause(cause)}).`, cause);
    }
  }
  return page.trustedTypesPolicy.createScriptURL(url);
}

/** Whether an exception thrown by a script URL sink is the browser refusing it under Trusted Types. */
export function isTrustedTypesRefusal(thrown: unknown): boolean {
  return thrown instanceof TypeError && /trusted ?type|TrustedScriptURL/i.test(thrown.message);
}
