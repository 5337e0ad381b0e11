import { chooseLanguage, languageOf } from '../../src/i18n/languages';

describe('languageOf', () => {
  it.each([
    ['fr', 'fr'],
    ['fr-CA', 'fr'],
    ['pt-BR', 'pt'],
    ['pt-PT', 'pt'],
    ['de_AT', 'de'],
    ['JA-jp', 'ja'],
    [' nl-BE ', 'nl'],
    ['es-419', 'es'],
  ])('maps %j to the language %s by its primary subtag', (tag, language) => {
    expect(languageOf(tag)).toBe(language);
  });

  it.each(['sv', 'zh-Hant-TW', 'frc', 'eng', '', '-fr'])('has no language for %j', (tag) => {
    expect(languageOf(tag)).toBeUndefined();
  });
});

describe('chooseLanguage', () => {
  it('uses an explicit locale over the browser languages', () => {
    expect(chooseLanguage('it', ['de-DE', 'fr'])).toBe('it');
    expect(chooseLanguage('pt-BR', ['en-US'])).toBe('pt');
  });

  it('falls back to English for an explicit locale we have no texts for, not to the browser', () => {
    expect(chooseLanguage('sv', ['de-DE'])).toBe('en');
  });

  it("reads the browser's languages for 'auto' and for no locale", () => {
    expect(chooseLanguage('auto', ['fr-CA', 'en'])).toBe('fr');
    expect(chooseLanguage(undefined, ['ja-JP'])).toBe('ja');
    expect(chooseLanguage('', ['nl-NL'])).toBe('nl');
  });

  it('takes the first browser language we have, in the order the person set', () => {
    expect(chooseLanguage('auto', ['sv-SE', 'pl', 'es-MX', 'de'])).toBe('es');
  });

  it('falls back to English when no browser language is one we have', () => {
    expect(chooseLanguage('auto', ['sv-SE', 'zh-CN'])).toBe('en');
    expect(chooseLanguage(undefined, [])).toBe('en');
  });
});
