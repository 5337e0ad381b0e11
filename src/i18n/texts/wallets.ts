// Wallets mode's texts in every language, shipped with its chunk: redirect and embedded pages never
// download them. A host's `messages` prop overrides them as it does the button's own.
import type { CheckoutMessages, WalletMessageKey } from '../../core/types';
import type { Language } from '../languages';

export type WalletMessages = Pick<CheckoutMessages, WalletMessageKey>;

export const WALLET_TEXTS: Readonly<Record<Language, WalletMessages>> = {
  en: {
    walletsLabel: 'Express checkout',
    wallets_unavailable: 'Express payment is unavailable right now. You can still pay by card.',
    wallet_declined: 'Your payment was declined. Nothing was charged. Try another card or pay by card below.',
    wallet_failed: 'The payment did not go through. Nothing was charged. Please try again.',
  },
  fr: {
    walletsLabel: 'Paiement express',
    wallets_unavailable: 'Le paiement express est indisponible pour le moment. Vous pouvez payer par carte.',
    wallet_declined: 'Votre paiement a été refusé. Rien n’a été débité. Essayez une autre carte ou payez par carte ci-dessous.',
    wallet_failed: 'Le paiement n’a pas abouti. Rien n’a été débité. Veuillez réessayer.',
  },
  de: {
    walletsLabel: 'Express-Checkout',
    wallets_unavailable: 'Express-Zahlung ist gerade nicht verfügbar. Sie können weiterhin mit Karte zahlen.',
    wallet_declined:
      'Ihre Zahlung wurde abgelehnt. Es wurde nichts belastet. Versuchen Sie eine andere Karte oder zahlen Sie unten mit Karte.',
    wallet_failed: 'Die Zahlung ist nicht durchgegangen. Es wurde nichts belastet. Bitte versuchen Sie es erneut.',
  },
  es: {
    walletsLabel: 'Pago exprés',
    wallets_unavailable: 'El pago exprés no está disponible ahora. Puede pagar con tarjeta.',
    wallet_declined: 'Se rechazó su pago. No se ha cobrado nada. Pruebe con otra tarjeta o pague con tarjeta abajo.',
    wallet_failed: 'El pago no se completó. No se ha cobrado nada. Inténtelo de nuevo.',
  },
  it: {
    walletsLabel: 'Pagamento rapido',
    wallets_unavailable: 'Il pagamento rapido non è disponibile ora. Puoi comunque pagare con carta.',
    wallet_declined: 'Il pagamento è stato rifiutato. Non è stato addebitato nulla. Prova un’altra carta o paga con carta qui sotto.',
    wallet_failed: 'Il pagamento non è andato a buon fine. Non è stato addebitato nulla. Riprova.',
  },
  nl: {
    walletsLabel: 'Snel afrekenen',
    wallets_unavailable: 'Snel betalen is nu niet beschikbaar. U kunt nog steeds met een kaart betalen.',
    wallet_declined: 'Uw betaling is geweigerd. Er is niets afgeschreven. Probeer een andere kaart of betaal hieronder met een kaart.',
    wallet_failed: 'De betaling is niet gelukt. Er is niets afgeschreven. Probeer het opnieuw.',
  },
  pt: {
    walletsLabel: 'Pagamento expresso',
    wallets_unavailable: 'O pagamento expresso não está disponível agora. Pode pagar com cartão.',
    wallet_declined: 'O seu pagamento foi recusado. Nada foi cobrado. Tente outro cartão ou pague com cartão abaixo.',
    wallet_failed: 'O pagamento não foi concluído. Nada foi cobrado. Tente novamente.',
  },
  ja: {
    walletsLabel: 'エクスプレスチェックアウト',
    wallets_unavailable: 'エクスプレス決済は現在ご利用いただけません。カードでのお支払いは可能です。',
    wallet_declined: 'お支払いが拒否されました。請求は発生していません。別のカードか、下のカード払いをお試しください。',
    wallet_failed: 'お支払いを完了できませんでした。請求は発生していません。もう一度お試しください。',
  },
};
