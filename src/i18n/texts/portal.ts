// The "Manage subscription" button's texts in every language (ui/ManageSubscriptionButton.tsx).
import type { Language } from '../languages';

export interface PortalMessages {
  /** The button's label. */
  manage: string;
  /** The server's session names nobody (401). */
  signedOut: string;
  /** Anything else: the account page could not open now. */
  unavailable: string;
}

export const PORTAL_TEXTS: Readonly<Record<Language, PortalMessages>> = {
  en: {
    manage: 'Manage subscription',
    signedOut: 'Sign in to manage your subscription.',
    unavailable: 'Your account page could not open just now. Please try again in a few minutes.',
  },
  fr: {
    manage: 'Gérer l’abonnement',
    signedOut: 'Connectez-vous pour gérer votre abonnement.',
    unavailable: 'Votre espace client n’a pas pu s’ouvrir pour le moment. Veuillez réessayer dans quelques minutes.',
  },
  de: {
    manage: 'Abo verwalten',
    signedOut: 'Melden Sie sich an, um Ihr Abo zu verwalten.',
    unavailable: 'Ihre Kontoseite konnte gerade nicht geöffnet werden. Bitte versuchen Sie es in einigen Minuten erneut.',
  },
  es: {
    manage: 'Gestionar suscripción',
    signedOut: 'Inicie sesión para gestionar su suscripción.',
    unavailable: 'Su página de cuenta no se ha podido abrir ahora. Inténtelo de nuevo dentro de unos minutos.',
  },
  it: {
    manage: 'Gestisci abbonamento',
    signedOut: 'Accedi per gestire il tuo abbonamento.',
    unavailable: 'La pagina del tuo account non si è potuta aprire ora. Riprova tra qualche minuto.',
  },
  nl: {
    manage: 'Abonnement beheren',
    signedOut: 'Log in om je abonnement te beheren.',
    unavailable: 'Je accountpagina kon nu niet worden geopend. Probeer het over een paar minuten opnieuw.',
  },
  pt: {
    manage: 'Gerenciar assinatura',
    signedOut: 'Entre para gerenciar sua assinatura.',
    unavailable: 'Não foi possível abrir sua página da conta agora. Tente novamente em alguns minutos.',
  },
  ja: {
    manage: 'サブスクリプションを管理',
    signedOut: 'サブスクリプションを管理するにはログインしてください。',
    unavailable: '現在アカウントページを開けませんでした。数分後にもう一度お試しください。',
  },
};
