// The button says what a click buys when the host gives the price: a cart's total, a plan's price and
// period, a plan's trial, in each of the button's languages; nothing it cannot say.
import { LANGUAGES } from '../../src/i18n/languages';
import { priceLabel } from '../../src/i18n/priceLabel';
import { bodyWithLines } from '../../src/checkout/requestBody';
import { formFields } from '../../src/checkout/formFields';

const plan = { amount: 900, currency: 'eur', recurring: { interval: 'month' as const } };

describe('priceLabel', () => {
  it('English: a cart, a plan, a plan every 3 months, a trial', () => {
    expect(priceLabel({ amount: 3600, currency: 'eur' }, 'en')).toBe('Pay €36.00');
    expect(priceLabel(plan, 'en')).toBe('Subscribe, €9.00 a month');
    expect(priceLabel({ ...plan, recurring: { interval: 'month', intervalCount: 3 } }, 'en')).toBe('Subscribe, €9.00 every 3 months');
    expect(priceLabel({ ...plan, trialDays: 14 }, 'en')).toBe('Start 14-day free trial');
  });

  it('French writes the amount its way ("9,00 €")', () => {
    expect(priceLabel(plan, 'fr')).toBe('S’abonner, 9,00\u00a0€ par mois');
  });

  it('a currency without minor units is not divided (¥500)', () => {
    expect(priceLabel({ amount: 500, currency: 'jpy' }, 'ja')).toBe('￥500を支払う');
  });

  it.each(LANGUAGES)('%s: each kind of label names the amount or the trial', (lang) => {
    expect(priceLabel({ amount: 3600, currency: 'eur' }, lang)).toMatch(/36/);
    expect(priceLabel(plan, lang)).toMatch(/9/);
    expect(priceLabel({ ...plan, trialDays: 14 }, lang)).toMatch(/14/);
  });

  it('null (the plain label stays) for an amount or currency it cannot say', () => {
    expect(priceLabel({ amount: 1.5, currency: 'eur' }, 'en')).toBeNull();
    expect(priceLabel({ amount: 100, currency: 'not-a-currency' }, 'en')).toBeNull();
  });
});

describe('a cart in what the button sends', () => {
  it('JSON: the lines beside the host body; without lines the body is untouched', () => {
    expect(bodyWithLines({ campaign: 'x' }, [{ productId: 'beans', quantity: 2 }, { productId: 'mug' }])).toEqual({
      campaign: 'x',
      lines: [
        { productId: 'beans', quantity: 2 },
        { productId: 'mug', quantity: undefined },
      ],
    });
    const body = { productId: 'beans' };
    expect(bodyWithLines(body, undefined)).toBe(body);
  });

  it('the form: lines[i][productId] and lines[i][quantity] fields', () => {
    expect(formFields(undefined, [{ productId: 'beans', quantity: 2 }, { productId: 'mug' }])).toEqual([
      ['lines[0][productId]', 'beans'],
      ['lines[0][quantity]', '2'],
      ['lines[1][productId]', 'mug'],
    ]);
  });
});
