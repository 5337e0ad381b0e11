// The text shown instead of `session_failed` while the server's wait runs (429 with Retry-After), in
// every language. Only a click can end in that wait, so it ships in the click's chunk (ui/clickRun.ts),
// not with the button. A host's `messages.sessionWait` overrides it.
import type { Language } from '../languages';

export const SESSION_WAIT_TEXTS: Readonly<Record<Language, string>> = {
  en: 'Checkout is busy right now. Please wait a moment, then try again.',
  fr: 'Le paiement est très sollicité. Veuillez patienter un instant, puis réessayer.',
  de: 'Der Bezahlvorgang ist ausgelastet. Bitte kurz warten, dann erneut versuchen.',
  es: 'El pago está muy solicitado ahora. Espere un momento y vuelva a intentarlo.',
  it: 'Il pagamento è molto richiesto in questo momento. Attendi un attimo, poi riprova.',
  nl: 'Betalen is nu erg druk. Wacht even en probeer het dan opnieuw.',
  pt: 'O pagamento está muito solicitado agora. Aguarde um momento e tente novamente.',
  ja: '現在、決済が混み合っています。少し待ってから、もう一度お試しください。',
};
