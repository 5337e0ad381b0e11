import { LANGUAGES } from '../../src/i18n/languages';
import { WALLET_TEXTS } from '../../src/i18n/texts/wallets';

describe("wallets mode's texts", () => {
  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every key, translated, within 1.4× English', (language) => {
    const texts = WALLET_TEXTS[language];
    expect(Object.keys(texts).sort()).toEqual(Object.keys(WALLET_TEXTS.en).sort());
    for (const [key, text] of Object.entries(texts) as Array<[keyof typeof texts, string]>) {
      expect(text.trim()).not.toBe('');
      expect(text).not.toBe(WALLET_TEXTS.en[key]);
      expect(text.length).toBeLessThanOrEqual(Math.ceil(WALLET_TEXTS.en[key].length * 1.4));
    }
  });
});
