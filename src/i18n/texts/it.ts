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
  script_load_failed: 'Impossibile raggiungere il servizio di pagamento sicuro. Controlla la connessione e riprova.',
  script_timeout: 'Il servizio di pagamento sicuro sta impiegando troppo tempo a rispondere. Riprova.',
  script_blocked: 'Questa pagina blocca il servizio di pagamento sicuro, quindi qui non è possibile pagare con carta.',
  stripe_unavailable: 'Il servizio di pagamento sicuro non si è avviato correttamente. Riprova.',
  session_failed: couldNotStart,
  script_integrity_failed: couldNotStart,
};
