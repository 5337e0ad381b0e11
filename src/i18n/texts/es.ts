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
  script_load_failed: 'No se ha podido conectar con el servicio de pago seguro. Compruebe su conexión e inténtelo de nuevo.',
  script_timeout: 'El servicio de pago seguro está tardando demasiado en responder. Inténtelo de nuevo.',
  script_blocked: 'Esta página bloquea el servicio de pago seguro, así que aquí no se puede pagar con tarjeta.',
  stripe_unavailable: 'El servicio de pago seguro no se ha iniciado correctamente. Inténtelo de nuevo.',
  session_failed: couldNotStart,
  script_integrity_failed: couldNotStart,
};
