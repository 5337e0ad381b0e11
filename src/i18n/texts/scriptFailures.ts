// What embedded mode says when Stripe.js cannot run (it never fetched, took too long, was blocked,
// or did not start), in every language. Only embedded mode shows them (redirect mode leaves for
// Stripe's page without Stripe.js, wallets mode's row has its own), so they ship in a chunk of their
// own, fetched when an embedded-mode button first renders (ui/CheckoutButton.tsx), not with
// the button. A host's `messages` overrides them as it does the button's own.
import type { CheckoutMessages, ScriptFailureMessageKey } from '../../core/types';
import type { Language } from '../languages';

export type ScriptFailureMessages = Pick<CheckoutMessages, ScriptFailureMessageKey>;

export const SCRIPT_FAILURE_TEXTS: Readonly<Record<Language, ScriptFailureMessages>> = {
  en: {
    script_load_failed: 'The secure payment service could not be reached. Check your connection and try again.',
    script_timeout: 'The secure payment service is taking too long to respond. Please try again.',
    script_blocked: 'This page blocked the secure payment service, so card payment is unavailable here.',
    stripe_unavailable: 'The secure payment service did not start correctly. Please try again.',
  },
  fr: {
    script_load_failed: 'Le service de paiement sécurisé est injoignable. Vérifiez votre connexion et réessayez.',
    script_timeout: 'Le service de paiement sécurisé met trop de temps à répondre. Veuillez réessayer.',
    script_blocked: 'Cette page bloque le service de paiement sécurisé\u00a0: le paiement par carte n’y est pas disponible.',
    stripe_unavailable: 'Le service de paiement sécurisé n’a pas démarré correctement. Veuillez réessayer.',
  },
  de: {
    script_load_failed: 'Der sichere Zahlungsdienst ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    script_timeout: 'Der sichere Zahlungsdienst antwortet gerade zu langsam. Bitte versuchen Sie es erneut.',
    script_blocked: 'Diese Seite blockiert den sicheren Zahlungsdienst, daher ist Kartenzahlung hier nicht möglich.',
    stripe_unavailable: 'Der sichere Zahlungsdienst ist nicht richtig gestartet. Bitte versuchen Sie es erneut.',
  },
  es: {
    script_load_failed: 'No se ha podido conectar con el servicio de pago seguro. Compruebe su conexión e inténtelo de nuevo.',
    script_timeout: 'El servicio de pago seguro está tardando demasiado en responder. Inténtelo de nuevo.',
    script_blocked: 'Esta página bloquea el servicio de pago seguro, así que aquí no se puede pagar con tarjeta.',
    stripe_unavailable: 'El servicio de pago seguro no se ha iniciado correctamente. Inténtelo de nuevo.',
  },
  it: {
    script_load_failed: 'Impossibile raggiungere il servizio di pagamento sicuro. Controlla la connessione e riprova.',
    script_timeout: 'Il servizio di pagamento sicuro sta impiegando troppo tempo a rispondere. Riprova.',
    script_blocked: 'Questa pagina blocca il servizio di pagamento sicuro, quindi qui non è possibile pagare con carta.',
    stripe_unavailable: 'Il servizio di pagamento sicuro non si è avviato correttamente. Riprova.',
  },
  nl: {
    script_load_failed: 'De veilige betaaldienst is niet bereikbaar. Controleer je verbinding en probeer het opnieuw.',
    script_timeout: 'De veilige betaaldienst reageert te traag. Probeer het opnieuw.',
    script_blocked: 'Deze pagina blokkeert de veilige betaaldienst, dus betalen met een kaart is hier niet mogelijk.',
    stripe_unavailable: 'De veilige betaaldienst is niet goed gestart. Probeer het opnieuw.',
  },
  pt: {
    script_load_failed: 'Não foi possível acessar o serviço de pagamento seguro. Verifique sua conexão e tente novamente.',
    script_timeout: 'O serviço de pagamento seguro está demorando para responder. Tente novamente.',
    script_blocked: 'Esta página bloqueia o serviço de pagamento seguro, então o pagamento com cartão não está disponível aqui.',
    stripe_unavailable: 'O serviço de pagamento seguro não iniciou corretamente. Tente novamente.',
  },
  ja: {
    script_load_failed: '安全な決済サービスに接続できませんでした。通信環境をご確認のうえ、もう一度お試しください。',
    script_timeout: '安全な決済サービスの応答に時間がかかっています。もう一度お試しください。',
    script_blocked: 'このページでは安全な決済サービスがブロックされているため、カード決済をご利用いただけません。',
    stripe_unavailable: '安全な決済サービスが正しく起動しませんでした。もう一度お試しください。',
  },
};
