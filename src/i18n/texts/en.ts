import type { ButtonMessages } from '../../core/types';

// A part of the checkout refused for its bytes (integrity) is said as a start that failed: a new try
// fetches it again, and the host's onError hears the code apart.
const couldNotStart = 'We could not start your checkout. Please try again.';
// The three configuration errors read alike: the person can only tell the site's owner, and the owner
// reads which one it was in onError and the console.
const misconfigured = 'Checkout is misconfigured. Please contact the site owner.';

export const en: ButtonMessages = {
  buttonLabel: 'Pay with card',
  loading: 'Preparing secure checkout…',
  tryAgain: 'Try again',
  secret_key: misconfigured,
  invalid_key: misconfigured,
  invalid_option: misconfigured,
  script_load_failed: 'The secure payment service could not be reached. Check your connection and try again.',
  script_timeout: 'The secure payment service is taking too long to respond. Please try again.',
  script_blocked: 'This page blocked the secure payment service, so card payment is unavailable here.',
  stripe_unavailable: 'The secure payment service did not start correctly. Please try again.',
  session_failed: couldNotStart,
  script_integrity_failed: couldNotStart,
};
