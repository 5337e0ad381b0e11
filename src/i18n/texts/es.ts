import type { ButtonMessages } from '../../core/types';

// Usted, as Spanish shops address customers.
// As in en.ts: a file refused for its bytes (integrity) is said as a start that failed.
const couldNotStart = 'No se ha podido iniciar el pago. Inténtelo de nuevo.';
const misconfigured = 'El pago no está bien configurado. Avise al responsable del sitio.';

export const es: ButtonMessages = {
  buttonLabel: 'Pagar con tarjeta',
  loading: 'Preparando el pago seguro…',
  tryAgain: 'Reintentar',
  secret_key: misconfigured,
  invalid_key: misconfigured,
  invalid_option: misconfigured,
  session_failed: couldNotStart,
  script_integrity_failed: couldNotStart,
};
