// English ships in the button's chunk; the other languages are a chunk of their own, fetched only
// for the people who read one of them (2.7 KB gzip less for everyone else: docs/performance.md).
import type { CheckoutMessages } from '../../types';
import type { Language } from '../languages';
import { en } from './en';

export { en as FALLBACK_TEXTS };

export type Translation = Exclude<Language, 'en'>;

/** Each translation, from the one chunk that holds them all (translations.ts). */
export const TRANSLATIONS: Readonly<Record<Translation, () => Promise<CheckoutMessages>>> = Object.fromEntries(
  (['fr', 'de', 'es', 'it', 'nl', 'pt', 'ja'] as const).map((language) => [language, () => import('./translations').then((m) => m.TRANSLATED[language])]),
) as Record<Translation, () => Promise<CheckoutMessages>>;
