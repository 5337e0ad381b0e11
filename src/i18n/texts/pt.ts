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
  script_load_failed: 'Não foi possível acessar o serviço de pagamento seguro. Verifique sua conexão e tente novamente.',
  script_timeout: 'O serviço de pagamento seguro está demorando para responder. Tente novamente.',
  script_blocked: 'Esta página bloqueia o serviço de pagamento seguro, então o pagamento com cartão não está disponível aqui.',
  stripe_unavailable: 'O serviço de pagamento seguro não iniciou corretamente. Tente novamente.',
  session_failed: couldNotStart,
  script_integrity_failed: couldNotStart,
};
