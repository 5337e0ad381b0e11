import type { ButtonMessages } from '../../core/types';

// As in en.ts: a file refused for its bytes (integrity) is said as a start that failed.
const couldNotStart = 'Impossible de lancer votre paiement. Veuillez réessayer.';
const misconfigured = 'Le paiement est mal configuré. Veuillez contacter le responsable du site.';

// French typography: a no-break space before « : » keeps the colon on its word's line.
export const fr: ButtonMessages = {
  buttonLabel: 'Payer par carte',
  loading: 'Préparation du paiement sécurisé…',
  tryAgain: 'Réessayer',
  secret_key: misconfigured,
  invalid_key: misconfigured,
  invalid_option: misconfigured,
  session_failed: couldNotStart,
  script_integrity_failed: couldNotStart,
};
