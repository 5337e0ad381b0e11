// What a person reads when their payment form is refused, in the button's eight languages. Server
// texts: the browser's bundle never carries them. Each says what happened and what can help: "try
// again" only where waiting or retrying can change the answer.
import type { Language } from '../../src/i18n/languages';

export type RefusalReason =
  /** 400: the catalog has no such product. */
  | 'product'
  /** 400: a quantity the product is not sold in. */
  | 'quantity'
  /** 400: a cart Stripe would not take as one payment (too many lines, two currencies, plans billed apart). */
  | 'cart'
  /** 400, 415: the form's fields or encoding are not what this server takes (the host's mistake). */
  | 'form'
  /** 403: posted from a page of another site. */
  | 'crossSite'
  /** 429: this client started too many sessions; `{seconds}` is Retry-After. */
  | 'busy'
  /** 502, 503: Stripe could not be reached, or is rate limiting the account. */
  | 'unavailable'
  /** 502: Stripe refused this server's key or parameters (retrying cannot help). */
  | 'misconfigured'
  /** 413 */
  | 'tooLarge'
  /** 408: the body took too long to arrive (a slow or stalled connection). */
  | 'slow'
  /** 405: not a POST (a link, or a form without method="post"). */
  | 'method'
  /** 500 */
  | 'failed';

export type RefusalTexts = Record<RefusalReason | 'title' | 'back', string>;

// French typography: a no-break space before « : » and between a number and its unit.
export const REFUSAL_TEXTS: Readonly<Record<Language, RefusalTexts>> = {
  en: {
    title: 'Your payment did not start',
    back: 'Back to the shop',
    product: 'The shop does not sell this product (or no longer does), so no payment was started.',
    quantity: 'The shop does not sell this quantity of the product, so no payment was started. Go back and choose another quantity.',
    cart: 'The shop cannot take these items as one payment (too many, in different currencies, or plans billed at different times), so no payment was started. Go back and change the basket.',
    form: 'This payment form is not set up correctly, so no payment was started. Please let the shop know.',
    crossSite: 'This payment form was sent from another website. To protect you, payments start only from the shop’s own pages.',
    busy: 'Too many payments were started from your connection. Please wait {seconds} seconds, then try again.',
    unavailable: 'The payment service could not be reached just now. Please try again in a few minutes.',
    misconfigured: 'The shop’s payment set-up is broken, so no payment can start. Please let the shop know.',
    tooLarge: 'This payment form sent more data than the shop accepts, so no payment was started. Please let the shop know.',
    slow: 'Your payment form took too long to arrive, so no payment was started. Please check your connection and try again.',
    method: 'Payments start from the shop’s pay button, not from this address. Go back to the shop to pay.',
    failed: 'The shop’s server failed while starting your payment. Nothing was charged. Please try again later.',
  },
  fr: {
    title: 'Votre paiement n’a pas démarré',
    back: 'Retour à la boutique',
    product: 'La boutique ne vend pas (ou plus) ce produit\u00a0: aucun paiement n’a été lancé.',
    quantity:
      'La boutique ne vend pas ce produit dans cette quantité\u00a0: aucun paiement n’a été lancé. Retournez choisir une autre quantité.',
    cart: 'La boutique ne peut pas encaisser ces articles en un seul paiement (trop nombreux, dans des devises différentes ou des abonnements facturés à des rythmes différents)\u00a0: aucun paiement n’a été lancé. Retournez modifier le panier.',
    form: 'Ce formulaire de paiement est mal configuré\u00a0: aucun paiement n’a été lancé. Veuillez prévenir la boutique.',
    crossSite:
      'Ce formulaire de paiement a été envoyé depuis un autre site. Pour vous protéger, un paiement ne démarre que depuis les pages de la boutique.',
    busy: 'Trop de paiements ont été lancés depuis votre connexion. Veuillez patienter {seconds}\u00a0secondes, puis réessayer.',
    unavailable: 'Le service de paiement est injoignable pour le moment. Veuillez réessayer dans quelques minutes.',
    misconfigured: 'Le paiement de la boutique est mal configuré\u00a0: aucun paiement ne peut démarrer. Veuillez prévenir la boutique.',
    tooLarge:
      'Ce formulaire de paiement a envoyé plus de données que la boutique n’en accepte\u00a0: aucun paiement n’a été lancé. Veuillez prévenir la boutique.',
    slow: 'Votre formulaire de paiement a mis trop de temps à arriver\u00a0: aucun paiement n’a été lancé. Vérifiez votre connexion et réessayez.',
    method:
      'Un paiement démarre depuis le bouton de paiement de la boutique, pas depuis cette adresse. Retournez à la boutique pour payer.',
    failed: 'Le serveur de la boutique a échoué au lancement de votre paiement. Rien n’a été débité. Veuillez réessayer plus tard.',
  },
  de: {
    title: 'Ihre Zahlung wurde nicht gestartet',
    back: 'Zurück zum Shop',
    product: 'Dieses Produkt wird hier nicht (mehr) verkauft, daher wurde keine Zahlung gestartet.',
    quantity:
      'Dieses Produkt wird in dieser Menge nicht verkauft, daher wurde keine Zahlung gestartet. Gehen Sie zurück und wählen Sie eine andere Menge.',
    cart: 'Der Shop kann diese Artikel nicht in einer Zahlung abrechnen (zu viele, verschiedene Währungen oder Abos mit unterschiedlichem Abrechnungszeitraum), daher wurde keine Zahlung gestartet. Gehen Sie zurück und ändern Sie den Warenkorb.',
    form: 'Dieses Zahlungsformular ist falsch eingerichtet, daher wurde keine Zahlung gestartet. Bitte informieren Sie den Shop.',
    crossSite:
      'Dieses Zahlungsformular wurde von einer anderen Website gesendet. Zu Ihrem Schutz starten Zahlungen nur auf den Seiten des Shops.',
    busy: 'Von Ihrer Verbindung wurden zu viele Zahlungen gestartet. Bitte warten Sie {seconds} Sekunden und versuchen Sie es dann erneut.',
    unavailable: 'Der Zahlungsdienst ist gerade nicht erreichbar. Bitte versuchen Sie es in einigen Minuten erneut.',
    misconfigured: 'Die Zahlungseinrichtung des Shops ist fehlerhaft, daher kann keine Zahlung starten. Bitte informieren Sie den Shop.',
    tooLarge:
      'Dieses Zahlungsformular hat mehr Daten gesendet, als der Shop annimmt, daher wurde keine Zahlung gestartet. Bitte informieren Sie den Shop.',
    slow: 'Ihr Zahlungsformular kam zu langsam an, daher wurde keine Zahlung gestartet. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    method: 'Zahlungen starten über die Bezahlschaltfläche des Shops, nicht über diese Adresse. Gehen Sie zum Shop zurück, um zu bezahlen.',
    failed:
      'Der Server des Shops ist beim Start Ihrer Zahlung ausgefallen. Es wurde nichts abgebucht. Bitte versuchen Sie es später erneut.',
  },
  es: {
    title: 'Su pago no se ha iniciado',
    back: 'Volver a la tienda',
    product: 'La tienda no vende (o ya no vende) este producto, así que no se ha iniciado ningún pago.',
    quantity: 'La tienda no vende esta cantidad del producto, así que no se ha iniciado ningún pago. Vuelva y elija otra cantidad.',
    cart: 'La tienda no puede cobrar estos artículos en un solo pago (demasiados, en monedas distintas o planes facturados en periodos distintos), así que no se ha iniciado ningún pago. Vuelva y cambie la cesta.',
    form: 'Este formulario de pago no está bien configurado, así que no se ha iniciado ningún pago. Avise a la tienda.',
    crossSite:
      'Este formulario de pago se envió desde otro sitio web. Para protegerle, los pagos solo se inician desde las páginas de la tienda.',
    busy: 'Se han iniciado demasiados pagos desde su conexión. Espere {seconds} segundos y vuelva a intentarlo.',
    unavailable: 'No se ha podido contactar con el servicio de pago. Inténtelo de nuevo dentro de unos minutos.',
    misconfigured: 'La configuración de pago de la tienda tiene un error, así que no se puede iniciar ningún pago. Avise a la tienda.',
    tooLarge:
      'Este formulario de pago envió más datos de los que acepta la tienda, así que no se ha iniciado ningún pago. Avise a la tienda.',
    slow: 'Su formulario de pago tardó demasiado en llegar, así que no se ha iniciado ningún pago. Compruebe su conexión y vuelva a intentarlo.',
    method: 'Los pagos se inician desde el botón de pago de la tienda, no desde esta dirección. Vuelva a la tienda para pagar.',
    failed: 'El servidor de la tienda ha fallado al iniciar su pago. No se ha cobrado nada. Inténtelo de nuevo más tarde.',
  },
  it: {
    title: 'Il pagamento non è stato avviato',
    back: 'Torna al negozio',
    product: 'Questo prodotto non è (più) in vendita qui, quindi nessun pagamento è stato avviato.',
    quantity:
      'Questo prodotto non è in vendita in questa quantità, quindi nessun pagamento è stato avviato. Torna indietro e scegli un’altra quantità.',
    cart: 'Il negozio non può addebitare questi articoli in un unico pagamento (troppi, in valute diverse o piani fatturati con periodicità diverse), quindi nessun pagamento è stato avviato. Torna indietro e modifica il carrello.',
    form: 'Questo modulo di pagamento non è configurato correttamente, quindi nessun pagamento è stato avviato. Avvisa il negozio.',
    crossSite:
      'Questo modulo di pagamento è stato inviato da un altro sito. Per proteggerti, i pagamenti partono solo dalle pagine del negozio.',
    busy: 'Dalla tua connessione sono stati avviati troppi pagamenti. Attendi {seconds} secondi, poi riprova.',
    unavailable: 'Il servizio di pagamento non è raggiungibile in questo momento. Riprova tra qualche minuto.',
    misconfigured: 'La configurazione dei pagamenti del negozio è errata, quindi nessun pagamento può partire. Avvisa il negozio.',
    tooLarge:
      'Questo modulo di pagamento ha inviato più dati di quanti il negozio ne accetti, quindi nessun pagamento è stato avviato. Avvisa il negozio.',
    slow: 'Il modulo di pagamento ha impiegato troppo tempo ad arrivare, quindi nessun pagamento è stato avviato. Controlla la connessione e riprova.',
    method: 'I pagamenti partono dal pulsante di pagamento del negozio, non da questo indirizzo. Torna al negozio per pagare.',
    failed: 'Il server del negozio non è riuscito ad avviare il pagamento. Non è stato addebitato nulla. Riprova più tardi.',
  },
  nl: {
    title: 'Je betaling is niet gestart',
    back: 'Terug naar de winkel',
    product: 'Deze winkel verkoopt dit product niet (meer), dus er is geen betaling gestart.',
    quantity:
      'De winkel verkoopt dit product niet in deze hoeveelheid, dus er is geen betaling gestart. Ga terug en kies een andere hoeveelheid.',
    cart: 'De winkel kan deze artikelen niet in één betaling afrekenen (te veel, in verschillende valuta of abonnementen met een verschillende factuurperiode), dus er is geen betaling gestart. Ga terug en pas het winkelmandje aan.',
    form: 'Dit betaalformulier is niet goed ingesteld, dus er is geen betaling gestart. Laat het de winkel weten.',
    crossSite:
      'Dit betaalformulier is vanaf een andere website verstuurd. Om je te beschermen starten betalingen alleen vanaf de pagina’s van de winkel.',
    busy: 'Er zijn te veel betalingen gestart vanaf je verbinding. Wacht {seconds} seconden en probeer het dan opnieuw.',
    unavailable: 'De betaaldienst is nu niet bereikbaar. Probeer het over een paar minuten opnieuw.',
    misconfigured: 'De betaalinstellingen van de winkel zijn defect, dus er kan geen betaling starten. Laat het de winkel weten.',
    tooLarge:
      'Dit betaalformulier verstuurde meer gegevens dan de winkel aanneemt, dus er is geen betaling gestart. Laat het de winkel weten.',
    slow: 'Je betaalformulier deed er te lang over om aan te komen, dus er is geen betaling gestart. Controleer je verbinding en probeer het opnieuw.',
    method: 'Betalingen starten met de betaalknop van de winkel, niet vanaf dit adres. Ga terug naar de winkel om te betalen.',
    failed: 'De server van de winkel faalde bij het starten van je betaling. Er is niets afgeschreven. Probeer het later opnieuw.',
  },
  // Brazilian Portuguese, as the button's texts.
  pt: {
    title: 'Seu pagamento não foi iniciado',
    back: 'Voltar à loja',
    product: 'A loja não vende (ou não vende mais) este produto, então nenhum pagamento foi iniciado.',
    quantity: 'A loja não vende esta quantidade do produto, então nenhum pagamento foi iniciado. Volte e escolha outra quantidade.',
    cart: 'A loja não pode cobrar estes itens num único pagamento (demasiados, em moedas diferentes ou planos faturados em períodos diferentes), então nenhum pagamento foi iniciado. Volte e altere o carrinho.',
    form: 'Este formulário de pagamento está configurado incorretamente, então nenhum pagamento foi iniciado. Avise a loja.',
    crossSite: 'Este formulário de pagamento foi enviado de outro site. Para sua proteção, os pagamentos só começam nas páginas da loja.',
    busy: 'Muitos pagamentos foram iniciados a partir da sua conexão. Aguarde {seconds} segundos e tente novamente.',
    unavailable: 'Não foi possível acessar o serviço de pagamento agora. Tente novamente em alguns minutos.',
    misconfigured: 'A configuração de pagamento da loja está com defeito, então nenhum pagamento pode começar. Avise a loja.',
    tooLarge: 'Este formulário de pagamento enviou mais dados do que a loja aceita, então nenhum pagamento foi iniciado. Avise a loja.',
    slow: 'Seu formulário de pagamento demorou demais para chegar, então nenhum pagamento foi iniciado. Verifique sua conexão e tente novamente.',
    method: 'Os pagamentos começam no botão de pagamento da loja, não neste endereço. Volte à loja para pagar.',
    failed: 'O servidor da loja falhou ao iniciar seu pagamento. Nada foi cobrado. Tente novamente mais tarde.',
  },
  ja: {
    title: 'お支払いは開始されませんでした',
    back: 'ショップに戻る',
    product: 'この商品はこちらでは販売していない（または販売を終了した）ため、お支払いは開始されませんでした。',
    quantity: 'この数量ではこの商品を販売していないため、お支払いは開始されませんでした。戻って別の数量をお選びください。',
    cart: 'これらの商品は1回のお支払いにまとめられないため（数が多すぎる、通貨が異なる、または請求間隔の異なるプランが含まれている）、お支払いは開始されませんでした。戻ってカートを変更してください。',
    form: 'このお支払いフォームの設定に誤りがあるため、お支払いは開始されませんでした。ショップにお知らせください。',
    crossSite:
      'このお支払いフォームは別のウェブサイトから送信されました。お客様を守るため、お支払いはショップのページからのみ開始できます。',
    busy: 'お使いの接続から開始されたお支払いが多すぎます。{seconds} 秒お待ちのうえ、もう一度お試しください。',
    unavailable: '現在、決済サービスに接続できません。数分後にもう一度お試しください。',
    misconfigured: 'ショップの決済設定に問題があるため、お支払いを開始できません。ショップにお知らせください。',
    tooLarge:
      'このお支払いフォームはショップが受け付ける量を超えるデータを送信したため、お支払いは開始されませんでした。ショップにお知らせください。',
    slow: 'お支払いフォームの送信に時間がかかりすぎたため、お支払いは開始されませんでした。通信環境をご確認のうえ、もう一度お試しください。',
    method: 'お支払いはこのアドレスではなく、ショップの支払いボタンから開始します。ショップに戻ってお支払いください。',
    failed: 'お支払いの開始中にショップのサーバーで障害が発生しました。料金は請求されていません。しばらくしてからもう一度お試しください。',
  },
};
