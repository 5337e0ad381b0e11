// The built-in texts this copy of the remote has at hand: English from the start, another language
// once its chunk arrived. Observable, so the buttons switch to it when it does.
import type { CheckoutMessages } from '../types';
import { createStore } from '../store';
import type { Language } from './languages';
import { FALLBACK_TEXTS, TRANSLATIONS } from './texts';

type Loaded = Readonly<Partial<Record<Language, CheckoutMessages>>>;

const loaded = createStore<Loaded>({ en: FALLBACK_TEXTS });
const inFlight = new Map<Language, Promise<void>>();

/** The language's texts if they are here, else undefined. */
export function textsIfLoaded(language: Language): CheckoutMessages | undefined {
  return loaded.get()[language];
}

export const subscribeTexts = loaded.subscribe;

/**
 * Fetches a language's texts once (joining a fetch in flight). Never rejects: a chunk that cannot be
 * fetched leaves the buttons in English, and the next call tries again.
 */
export function loadTexts(language: Language): Promise<void> {
  if (textsIfLoaded(language)) return Promise.resolve();
  let pending = inFlight.get(language);
  if (!pending) {
    pending = TRANSLATIONS[language as keyof typeof TRANSLATIONS]()
      .then((texts) => loaded.set({ ...loaded.get(), [language]: texts }))
      .catch(() => undefined)
      .finally(() => inFlight.delete(language));
    inFlight.set(language, pending);
  }
  return pending;
}
