// Embedded mode's dialog texts in every language: its accessible name and its close button. They
// ship with the dialog's chunk (ui/EmbeddedDialog.tsx), not with the button. A host's `messages`
// overrides them.
import type { CheckoutMessages } from '../../core/types';
import type { Language } from '../languages';

export type DialogMessages = Pick<CheckoutMessages, 'dialogTitle' | 'closeDialog'>;

export const DIALOG_TEXTS: Readonly<Record<Language, DialogMessages>> = {
  en: { dialogTitle: 'Secure checkout', closeDialog: 'Close checkout' },
  fr: { dialogTitle: 'Paiement sécurisé', closeDialog: 'Fermer le paiement' },
  de: { dialogTitle: 'Sichere Zahlung', closeDialog: 'Zahlung schließen' },
  es: { dialogTitle: 'Pago seguro', closeDialog: 'Cerrar el pago' },
  it: { dialogTitle: 'Pagamento sicuro', closeDialog: 'Chiudi il pagamento' },
  nl: { dialogTitle: 'Veilig betalen', closeDialog: 'Betaling sluiten' },
  pt: { dialogTitle: 'Pagamento seguro', closeDialog: 'Fechar pagamento' },
  ja: { dialogTitle: '安全な決済', closeDialog: '決済を閉じる' },
};
