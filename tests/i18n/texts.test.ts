import { LANGUAGES } from '../../src/i18n/languages';
import { TEXTS } from '../../src/i18n/texts';
import { DIALOG_TEXTS } from '../../src/i18n/texts/dialog';
import { CLICK_TEXTS } from '../../src/i18n/texts/click';
import { SCRIPT_FAILURE_TEXTS } from '../../src/i18n/texts/scriptFailures';

// The button's texts with those its click's chunks bring (the session's failures and wait, the dialog's)
// and embedded mode's script failures: held alike.
const ALL = Object.fromEntries(
  Object.entries(TEXTS).map(([language, texts]) => [
    language,
    {
      ...texts,
      ...CLICK_TEXTS[language as keyof typeof TEXTS],
      ...DIALOG_TEXTS[language as keyof typeof TEXTS],
      ...SCRIPT_FAILURE_TEXTS[language as keyof typeof TEXTS],
    },
  ]),
) as Record<
  keyof typeof TEXTS,
  (typeof TEXTS)['en'] & (typeof CLICK_TEXTS)['en'] & (typeof DIALOG_TEXTS)['en'] & (typeof SCRIPT_FAILURE_TEXTS)['en']
>;

const KEYS = Object.keys(ALL.en).sort();
const TRANSLATED = LANGUAGES.filter((l) => l !== 'en');

describe('built-in texts', () => {
  it.each(TRANSLATED)('%s has every key English has, each a non-empty translation', (language) => {
    const texts = ALL[language];
    expect(Object.keys(texts).sort()).toEqual(KEYS);
    for (const key of KEYS as Array<keyof typeof texts>) {
      expect(texts[key].trim()).not.toBe('');
      expect(texts[key]).not.toBe(ALL.en[key]);
    }
  });

  // The labels sit in the button's row and the alert under it: a translation far longer than
  // English wraps or pushes the layout (German checked in Chromium at 390 px wide).
  it.each(TRANSLATED)('%s keeps the labels within 20 characters and the messages within 1.4× English', (language) => {
    const texts = ALL[language];
    const labels = ['buttonLabel', 'tryAgain', 'dialogTitle', 'closeDialog'] as const;
    const longLabels = labels.filter((key) => texts[key].length > 20);
    const sentences = (KEYS as Array<keyof typeof texts>).filter((key) => !(labels as readonly string[]).includes(key));
    const longMessages = sentences.filter((key) => texts[key].length > Math.ceil(ALL.en[key].length * 1.4));
    expect({ longLabels, longMessages }).toEqual({ longLabels: [], longMessages: [] });
  });
});
