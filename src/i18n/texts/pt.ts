import type { ButtonMessages } from '../../core/types';

// Brazilian Portuguese (the larger audience; pt-PT readers understand it), addressing the person as você.
// As in en.ts: a file refused for its bytes (integrity) is said as a start that failed.
const couldNotStart = 'Não foi possível iniciar o pagamento. Tente novamente.';
const misconfigured = 'O pagamento está configurado incorretamente. Avise o responsável pelo site.';

export const pt: ButtonMessages = {
  buttonLabel: 'Pagar com cartão',
  loading: 'Preparando o pagamento seguro…',
  tryAgain: 'Tentar novamente',
  secret_key: misconfigured,
  invalid_key: misconfigured,
  invalid_option: misconfigured,
  session_failed: couldNotStart,
  script_integrity_failed: couldNotStart,
};
