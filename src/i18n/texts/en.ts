import type { ButtonMessages } from '../../types';

// A part of the checkout refused for its bytes (integrity) is said as a start that failed: a new try
// fetches it again, and the host's onError hears the code apart.
const couldNotStart = 'We could not start your checkout. Please try again.';

export const en: ButtonMessages = {
  buttonLabel: 'Pay with card',
  loading: 'Preparing secure checkout…',
  tryAgain: 'Try again',
  secret_key: 'Checkout is misconfigured: it was given a secret key. Please contact the site owner.',
  invalid_key: 'Checkout is misconfigured. Please contact the site owner.',
  invalid_option: 'Checkout is misconfigured. Please contact the site owner.',
  script_load_failed: 'The secure payment service could not be reached. Check your connection and try again.',
  script_timeout: 'The secure payment service is taking too long to respond. Please try again.',
  script_blocked: 'This page blocked the secure payment service, so card payment is unavailable here.',
  stripe_unavailable: 'The secure payment service did not start correctly. Please try again.',
  session_failed: couldNotStart,
  script_integrity_failed: couldNotStart,
};
