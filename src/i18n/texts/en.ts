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
  session_failed: couldNotStart,
  script_integrity_failed: couldNotStart,
};
