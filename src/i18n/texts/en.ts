import type { ButtonMessages } from '../../types';

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
  session_failed: 'We could not start your checkout. Please try again.',
};
