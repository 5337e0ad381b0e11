// The person's language from the request's Accept-Language, by the button's own rule
// (src/i18n/languages.ts): their languages in their order of preference, the first one we have.
import { chooseLanguage, type Language } from '../../src/i18n/languages';

/** The header's tags, most wanted first (by `q`, then as listed); `q=0` means "not this one". */
export function preferredTags(header: string | null | undefined): string[] {
  if (!header) return [];
  const ranked = header.split(',').flatMap((part, index) => {
    const [tag, ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => /^q=/i.test(param));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    return tag && tag !== '*' && weight > 0 ? [{ tag, weight, index }] : [];
  });
  return ranked.sort((a, b) => b.weight - a.weight || a.index - b.index).map((entry) => entry.tag);
}

export function languageOfRequest(acceptLanguage: string | null | undefined): Language {
  return chooseLanguage(undefined, preferredTags(acceptLanguage));
}
