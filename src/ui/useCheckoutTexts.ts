import { useMemo, useSyncExternalStore } from 'react';
import type { ButtonMessages, CheckoutMessages, LaterMessageKey, ScriptFailureMessageKey } from '../core/types';
import { chooseLanguage, type Language } from '../i18n/languages';
import { TEXTS } from '../i18n/texts';

export interface CheckoutTexts {
  /** The language of the built-in texts, for the root's `lang`. */
  lang: Language;
  /**
   * Wallets mode's texts come with its chunk (src/i18n/texts/wallets.ts), `sessionWait`, the
   * dialog's and embedded mode's script failures with theirs: here only the host's own, if it gave them.
   */
  messages: ButtonMessages & Partial<Pick<CheckoutMessages, LaterMessageKey | ScriptFailureMessageKey>>;
}

function subscribeLanguages(onChange: () => void): () => void {
  window.addEventListener('languagechange', onChange);
  return () => window.removeEventListener('languagechange', onChange);
}

// A string, so React sees an unchanged list as unchanged.
const browserLanguages = () => (navigator.languages?.length ? navigator.languages : [navigator.language]).join(',');
// On the server there is no browser language: render English, and let hydration switch to the
// person's language (useSyncExternalStore re-renders after hydrating instead of mismatching).
const serverLanguages = () => '';

/** The texts the button shows: the chosen language's built-in ones, with the host's `messages` on top. */
export function useCheckoutTexts(locale: string | undefined, overrides: Partial<CheckoutMessages> | undefined): CheckoutTexts {
  const languages = useSyncExternalStore(subscribeLanguages, browserLanguages, serverLanguages);
  const lang = chooseLanguage(locale, languages ? languages.split(',') : []);
  const messages = useMemo(() => (overrides ? { ...TEXTS[lang], ...overrides } : TEXTS[lang]), [lang, overrides]);
  return { lang, messages };
}
