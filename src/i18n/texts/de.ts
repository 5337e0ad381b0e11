import type { ButtonMessages } from '../../core/types';

// Formal address (Sie), as German shops write to customers.
// As in en.ts: a file refused for its bytes (integrity) is said as a start that failed.
const couldNotStart = 'Die Zahlung ließ sich nicht starten. Bitte versuchen Sie es erneut.';
const misconfigured = 'Die Zahlung ist falsch eingerichtet. Bitte informieren Sie den Websitebetreiber.';

export const de: ButtonMessages = {
  buttonLabel: 'Mit Karte bezahlen',
  loading: 'Sichere Zahlung wird vorbereitet\u00a0…',
  tryAgain: 'Erneut versuchen',
  secret_key: misconfigured,
  invalid_key: misconfigured,
  invalid_option: misconfigured,
  session_failed: couldNotStart,
  script_integrity_failed: couldNotStart,
};
