// Which language the button speaks: pure rules, no DOM (the caller passes the browser's languages).

/** The languages the button has texts for; English is the fallback. */
export const LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'nl', 'pt', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

/**
 * The language we have for a BCP 47 tag, by its primary subtag: `fr-CA` → `fr`, `pt-BR` → `pt`,
 * `de_AT` → `de`. `undefined` when we have none.
 */
export function languageOf(tag: string): Language | undefined {
  const primary = tag.trim().split(/[-_]/)[0].toLowerCase();
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : undefined;
}

/**
 * `locale` as Stripe takes it (`stripeOptions.locale`): `'auto'` or absent means the browser's
 * languages, the first one we have, in the person's order; any other value is used as it is.
 * English otherwise.
 */
export function chooseLanguage(locale: string | undefined, browserLanguages: readonly string[]): Language {
  if (locale && locale.trim() !== '' && locale !== 'auto') return languageOf(locale) ?? FALLBACK_LANGUAGE;
  for (const tag of browserLanguages) {
    const language = languageOf(tag);
    if (language) return language;
  }
  return FALLBACK_LANGUAGE;
}
