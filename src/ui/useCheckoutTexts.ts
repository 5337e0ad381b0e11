import { useMemo, useSyncExternalStore } from 'react';
import type { CheckoutMessages } from '../types';
import { chooseLanguage, type Language } from '../i18n/languages';
import { loadTexts, subscribeTexts, textsIfLoaded } from '../i18n/textStore';
import { FALLBACK_TEXTS } from '../i18n/texts';

export interface CheckoutTexts {
  /** The language of the built-in texts, for the root's `lang`. */
  lang: Language;
  messages: CheckoutMessages;
}

function subscribeLanguages(onChange: () => void): () => void {
  window.addEventListener('languagechange', onChange);
  return () => window.removeEventListener('languagechange', onChange);
}

const browserLanguageList = () => (navigator.languages?.length ? navigator.languages : [navigator.language]);
// A string, so React sees an unchanged list as unchanged.
const browserLanguages = () => browserLanguageList().join(',');
// On the server there is no browser language and no other language's chunk: render English, and let
// hydration switch to the person's language (useSyncExternalStore re-renders after hydrating instead
// of mismatching).
const serverLanguages = () => '';
const serverTexts = () => FALLBACK_TEXTS;

// The browser's language is known before any button renders: its texts start loading as soon as the
// button's code runs, alongside the host's own start-up, not after the first render.
if (typeof window !== 'undefined' && typeof navigator !== 'undefined') void loadTexts(chooseLanguage(undefined, browserLanguageList()));

/**
 * The texts the button shows: the chosen language's built-in ones, with the host's `messages` on top.
 * Until a language's chunk is here the button speaks English, and says so in `lang`.
 */
export function useCheckoutTexts(locale: string | undefined, overrides: Partial<CheckoutMessages> | undefined): CheckoutTexts {
  const languages = useSyncExternalStore(subscribeLanguages, browserLanguages, serverLanguages);
  const wanted = chooseLanguage(locale, languages ? languages.split(',') : []);
  const builtIn = useSyncExternalStore(subscribeTexts, () => textsIfLoaded(wanted), serverTexts);
  // Idempotent and asynchronous (it only joins or starts the chunk's fetch), so safe during render.
  if (!builtIn && typeof window !== 'undefined') void loadTexts(wanted);
  const lang: Language = builtIn === undefined || builtIn === FALLBACK_TEXTS ? 'en' : wanted;
  const base = builtIn ?? FALLBACK_TEXTS;
  const messages = useMemo(() => (overrides ? { ...base, ...overrides } : base), [base, overrides]);
  return { lang, messages };
}
