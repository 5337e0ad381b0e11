import type { ButtonMessages } from '../../core/types';

// The informal imperative (Riprova, Contatta), as Italian payment pages usually write.
// As in en.ts: a file refused for its bytes (integrity) is said as a start that failed.
const couldNotStart = 'Non è stato possibile avviare il pagamento. Riprova.';
const misconfigured = 'Il pagamento non è configurato correttamente. Contatta il gestore del sito.';

export const it: ButtonMessages = {
  buttonLabel: 'Paga con carta',
  loading: 'Preparazione del pagamento sicuro…',
  tryAgain: 'Riprova',
  secret_key: misconfigured,
  invalid_key: misconfigured,
  invalid_option: misconfigured,
  session_failed: couldNotStart,
  script_integrity_failed: couldNotStart,
};
