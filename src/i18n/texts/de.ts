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
  script_load_failed: 'Der sichere Zahlungsdienst ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  script_timeout: 'Der sichere Zahlungsdienst antwortet gerade zu langsam. Bitte versuchen Sie es erneut.',
  script_blocked: 'Diese Seite blockiert den sicheren Zahlungsdienst, daher ist Kartenzahlung hier nicht möglich.',
  stripe_unavailable: 'Der sichere Zahlungsdienst ist nicht richtig gestartet. Bitte versuchen Sie es erneut.',
  session_failed: couldNotStart,
  script_integrity_failed: couldNotStart,
};
