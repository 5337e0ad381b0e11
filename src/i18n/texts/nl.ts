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
  script_load_failed: 'De veilige betaaldienst is niet bereikbaar. Controleer je verbinding en probeer het opnieuw.',
  script_timeout: 'De veilige betaaldienst reageert te traag. Probeer het opnieuw.',
  script_blocked: 'Deze pagina blokkeert de veilige betaaldienst, dus betalen met een kaart is hier niet mogelijk.',
  stripe_unavailable: 'De veilige betaaldienst is niet goed gestart. Probeer het opnieuw.',
  session_failed: couldNotStart,
  script_integrity_failed: couldNotStart,
};
