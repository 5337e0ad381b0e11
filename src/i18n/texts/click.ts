// Texts that only a click can lead to, in every language: what a session's failures say (but
// `session_failed`, which stays with the button: it also says that the click's own code could not be
// fetched), and the wait a server asks for (429 with Retry-After). They ship in the click's chunk
// (ui/clickRun.ts), which has arrived by the time any of them can be shown. A host's `messages`
// overrides them as it does the button's own.
import type { CheckoutMessages } from '../../core/types';
import type { Language } from '../languages';

export type ClickMessageKey = 'sessionWait' | 'session_timeout' | 'invalid_session' | 'redirect_refused' | 'embedded_failed';
export type ClickMessages = Pick<CheckoutMessages, ClickMessageKey>;

export const CLICK_TEXTS: Readonly<Record<Language, ClickMessages>> = {
  en: {
    sessionWait: 'Checkout is busy right now. Please wait a moment, then try again.',
    session_timeout: 'Starting your checkout took too long. Please try again.',
    invalid_session: 'We could not start your checkout. Please try again later.',
    redirect_refused: 'We stopped a redirect to an unexpected address. Please contact the site owner.',
    embedded_failed: 'The payment form could not be opened. Please try again.',
  },
  fr: {
    sessionWait: 'Le paiement est très sollicité. Veuillez patienter un instant, puis réessayer.',
    session_timeout: 'Le lancement de votre paiement a pris trop de temps. Veuillez réessayer.',
    invalid_session: 'Impossible de lancer votre paiement. Veuillez réessayer plus tard.',
    redirect_refused: 'Une redirection vers une adresse inattendue a été bloquée. Veuillez contacter le responsable du site.',
    embedded_failed: 'Le formulaire de paiement n’a pas pu s’ouvrir. Veuillez réessayer.',
  },
  de: {
    sessionWait: 'Der Bezahlvorgang ist ausgelastet. Bitte kurz warten, dann erneut versuchen.',
    session_timeout: 'Der Start der Zahlung hat zu lange gedauert. Bitte versuchen Sie es erneut.',
    invalid_session: 'Die Zahlung ließ sich nicht starten. Bitte versuchen Sie es später erneut.',
    redirect_refused: 'Eine Weiterleitung an eine unerwartete Adresse wurde gestoppt. Bitte informieren Sie den Websitebetreiber.',
    embedded_failed: 'Das Zahlungsformular ließ sich nicht öffnen. Bitte versuchen Sie es erneut.',
  },
  es: {
    sessionWait: 'El pago está muy solicitado ahora. Espere un momento y vuelva a intentarlo.',
    session_timeout: 'El inicio del pago ha tardado demasiado. Inténtelo de nuevo.',
    invalid_session: 'No se ha podido iniciar el pago. Inténtelo de nuevo más tarde.',
    redirect_refused: 'Se ha detenido una redirección a una dirección inesperada. Avise al responsable del sitio.',
    embedded_failed: 'No se ha podido abrir el formulario de pago. Inténtelo de nuevo.',
  },
  it: {
    sessionWait: 'Il pagamento è molto richiesto in questo momento. Attendi un attimo, poi riprova.',
    session_timeout: 'L’avvio del pagamento ha richiesto troppo tempo. Riprova.',
    invalid_session: 'Non è stato possibile avviare il pagamento. Riprova più tardi.',
    redirect_refused: 'È stato bloccato un reindirizzamento verso un indirizzo inatteso. Contatta il gestore del sito.',
    embedded_failed: 'Non è stato possibile aprire il modulo di pagamento. Riprova.',
  },
  nl: {
    sessionWait: 'Betalen is nu erg druk. Wacht even en probeer het dan opnieuw.',
    session_timeout: 'Het starten van je betaling duurde te lang. Probeer het opnieuw.',
    invalid_session: 'Je betaling kon niet worden gestart. Probeer het later opnieuw.',
    redirect_refused: 'Een doorverwijzing naar een onverwacht adres is tegengehouden. Laat het de eigenaar van de website weten.',
    embedded_failed: 'Het betaalformulier kon niet worden geopend. Probeer het opnieuw.',
  },
  pt: {
    sessionWait: 'O pagamento está muito solicitado agora. Aguarde um momento e tente novamente.',
    session_timeout: 'O início do pagamento demorou demais. Tente novamente.',
    invalid_session: 'Não foi possível iniciar o pagamento. Tente novamente mais tarde.',
    redirect_refused: 'Um redirecionamento para um endereço inesperado foi bloqueado. Avise o responsável pelo site.',
    embedded_failed: 'Não foi possível abrir o formulário de pagamento. Tente novamente.',
  },
  ja: {
    sessionWait: '現在、決済が混み合っています。少し待ってから、もう一度お試しください。',
    session_timeout: '決済の開始に時間がかかりすぎました。もう一度お試しください。',
    invalid_session: '決済を開始できませんでした。しばらくしてからもう一度お試しください。',
    redirect_refused: '想定外のアドレスへの移動を止めました。サイトの運営者にお問い合わせください。',
    embedded_failed: '決済フォームを開けませんでした。もう一度お試しください。',
  },
};
