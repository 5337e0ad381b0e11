// What a person reads when the account page (Stripe's Customer Portal) does not open from a plain form,
// in the button's eight languages: the same page as a refused payment form (form/formRefusal.ts), its
// own sentences.
import type { RefusalTable } from '../form/formRefusal';

export type PortalRefusal =
  /** 401: nobody is signed in (the host's session names no customer). */
  | 'signedOut'
  /** 403: posted from a page of another site. */
  | 'crossSite'
  /** 405: not a POST. */
  | 'method'
  /** 502, 503: Stripe could not open the portal now. */
  | 'unavailable'
  /** 500, or a server with no `customerOf`. */
  | 'failed';

// French typography: a no-break space before « : ».
export const PORTAL_TEXTS: RefusalTable<PortalRefusal> = {
  en: {
    title: 'Your account page did not open',
    back: 'Back to the shop',
    signedOut: 'You are not signed in. Sign in to the shop, then open your account page again.',
    crossSite: 'This request came from another website. To protect you, your account page opens only from the shop’s own pages.',
    method: 'Your account page opens from the shop’s “Manage subscription” button, not from this address.',
    unavailable: 'The payment service could not be reached just now. Please try again in a few minutes.',
    failed: 'The shop’s server failed while opening your account page. Please try again later.',
  },
  fr: {
    title: 'Votre espace client ne s’est pas ouvert',
    back: 'Retour à la boutique',
    signedOut: 'Vous n’êtes pas connecté. Connectez-vous à la boutique, puis rouvrez votre espace client.',
    crossSite:
      'Cette demande vient d’un autre site. Pour vous protéger, votre espace client ne s’ouvre que depuis les pages de la boutique.',
    method: 'Votre espace client s’ouvre depuis le bouton «\u00a0Gérer l’abonnement\u00a0» de la boutique, pas depuis cette adresse.',
    unavailable: 'Le service de paiement est injoignable pour le moment. Veuillez réessayer dans quelques minutes.',
    failed: 'Le serveur de la boutique a échoué à l’ouverture de votre espace client. Veuillez réessayer plus tard.',
  },
  de: {
    title: 'Ihre Kontoseite wurde nicht geöffnet',
    back: 'Zurück zum Shop',
    signedOut: 'Sie sind nicht angemeldet. Melden Sie sich im Shop an und öffnen Sie Ihre Kontoseite erneut.',
    crossSite: 'Diese Anfrage kam von einer anderen Website. Zu Ihrem Schutz öffnet sich Ihre Kontoseite nur über die Seiten des Shops.',
    method: 'Ihre Kontoseite öffnet sich über die Schaltfläche „Abo verwalten“ des Shops, nicht über diese Adresse.',
    unavailable: 'Der Zahlungsdienst ist gerade nicht erreichbar. Bitte versuchen Sie es in einigen Minuten erneut.',
    failed: 'Der Server des Shops ist beim Öffnen Ihrer Kontoseite ausgefallen. Bitte versuchen Sie es später erneut.',
  },
  es: {
    title: 'Su página de cuenta no se ha abierto',
    back: 'Volver a la tienda',
    signedOut: 'No ha iniciado sesión. Inicie sesión en la tienda y vuelva a abrir su página de cuenta.',
    crossSite:
      'Esta solicitud llegó desde otro sitio web. Para protegerle, su página de cuenta solo se abre desde las páginas de la tienda.',
    method: 'Su página de cuenta se abre con el botón «Gestionar suscripción» de la tienda, no desde esta dirección.',
    unavailable: 'No se ha podido contactar con el servicio de pago. Inténtelo de nuevo dentro de unos minutos.',
    failed: 'El servidor de la tienda ha fallado al abrir su página de cuenta. Inténtelo de nuevo más tarde.',
  },
  it: {
    title: 'La pagina del tuo account non si è aperta',
    back: 'Torna al negozio',
    signedOut: 'Non hai effettuato l’accesso. Accedi al negozio, poi riapri la pagina del tuo account.',
    crossSite:
      'Questa richiesta proviene da un altro sito. Per proteggerti, la pagina del tuo account si apre solo dalle pagine del negozio.',
    method: 'La pagina del tuo account si apre dal pulsante «Gestisci abbonamento» del negozio, non da questo indirizzo.',
    unavailable: 'Il servizio di pagamento non è raggiungibile in questo momento. Riprova tra qualche minuto.',
    failed: 'Il server del negozio non è riuscito ad aprire la pagina del tuo account. Riprova più tardi.',
  },
  nl: {
    title: 'Je accountpagina is niet geopend',
    back: 'Terug naar de winkel',
    signedOut: 'Je bent niet ingelogd. Log in bij de winkel en open je accountpagina opnieuw.',
    crossSite:
      'Dit verzoek kwam van een andere website. Om je te beschermen opent je accountpagina alleen vanaf de pagina’s van de winkel.',
    method: 'Je accountpagina opent met de knop ‘Abonnement beheren’ van de winkel, niet vanaf dit adres.',
    unavailable: 'De betaaldienst is nu niet bereikbaar. Probeer het over een paar minuten opnieuw.',
    failed: 'De server van de winkel faalde bij het openen van je accountpagina. Probeer het later opnieuw.',
  },
  // Brazilian Portuguese, as the button's texts.
  pt: {
    title: 'Sua página da conta não foi aberta',
    back: 'Voltar à loja',
    signedOut: 'Você não está conectado. Entre na loja e abra sua página da conta novamente.',
    crossSite: 'Este pedido veio de outro site. Para sua proteção, sua página da conta só abre a partir das páginas da loja.',
    method: 'Sua página da conta abre pelo botão “Gerenciar assinatura” da loja, não por este endereço.',
    unavailable: 'Não foi possível acessar o serviço de pagamento agora. Tente novamente em alguns minutos.',
    failed: 'O servidor da loja falhou ao abrir sua página da conta. Tente novamente mais tarde.',
  },
  ja: {
    title: 'アカウントページを開けませんでした',
    back: 'ショップに戻る',
    signedOut: 'ログインしていません。ショップにログインしてから、もう一度アカウントページを開いてください。',
    crossSite: 'このリクエストは別のウェブサイトから送信されました。お客様を守るため、アカウントページはショップのページからのみ開けます。',
    method: 'アカウントページはこのアドレスではなく、ショップの「サブスクリプションを管理」ボタンから開きます。',
    unavailable: '現在、決済サービスに接続できません。数分後にもう一度お試しください。',
    failed: 'アカウントページを開く際にショップのサーバーで障害が発生しました。しばらくしてからもう一度お試しください。',
  },
};
