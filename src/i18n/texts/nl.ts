import type { ButtonMessages } from '../../core/types';

// Je-vorm, as Dutch web shops address customers today.
// As in en.ts: a file refused for its bytes (integrity) is said as a start that failed.
const couldNotStart = 'Je betaling kon niet worden gestart. Probeer het opnieuw.';
const misconfigured = 'De betaling is verkeerd ingesteld. Laat het de eigenaar van de website weten.';

export const nl: ButtonMessages = {
  buttonLabel: 'Betalen met kaart',
  loading: 'Veilige betaling wordt voorbereid…',
  tryAgain: 'Opnieuw proberen',
  secret_key: misconfigured,
  invalid_key: misconfigured,
  invalid_option: misconfigured,
  session_failed: couldNotStart,
  script_integrity_failed: couldNotStart,
};
