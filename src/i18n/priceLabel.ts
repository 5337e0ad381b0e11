// What the button says when the host tells it the price: "Pay €36.00" for a cart, "Subscribe, €9.00 a
// month" for a plan, "Start 14-day free trial" for a plan with a trial, in the button's eight
// languages. Pure. The amount is the host's (the server prices the session from its catalog); the
// label only says it.
import type { PriceSummary } from '../core/types';
import type { Language } from './languages';

type Interval = NonNullable<PriceSummary['recurring']>['interval'];

interface LabelTexts {
  pay: string;
  subscribe: string;
  trial: string;
  /** "a month"; `every` is "every {n} months". */
  each: Record<Interval, string>;
  every: Record<Interval, string>;
}

const TEXTS: Record<Language, LabelTexts> = {
  en: {
    pay: 'Pay {price}',
    subscribe: 'Subscribe, {price} {period}',
    trial: 'Start {days}-day free trial',
    each: { day: 'a day', week: 'a week', month: 'a month', year: 'a year' },
    every: { day: 'every {n} days', week: 'every {n} weeks', month: 'every {n} months', year: 'every {n} years' },
  },
  fr: {
    pay: 'Payer {price}',
    subscribe: 'S’abonner, {price} {period}',
    trial: 'Commencer l’essai gratuit de {days}\u00a0jours',
    each: { day: 'par jour', week: 'par semaine', month: 'par mois', year: 'par an' },
    every: {
      day: 'tous les {n}\u00a0jours',
      week: 'toutes les {n}\u00a0semaines',
      month: 'tous les {n}\u00a0mois',
      year: 'tous les {n}\u00a0ans',
    },
  },
  de: {
    pay: '{price} bezahlen',
    subscribe: 'Abonnieren, {price} {period}',
    trial: '{days} Tage kostenlos testen',
    each: { day: 'pro Tag', week: 'pro Woche', month: 'pro Monat', year: 'pro Jahr' },
    every: { day: 'alle {n} Tage', week: 'alle {n} Wochen', month: 'alle {n} Monate', year: 'alle {n} Jahre' },
  },
  es: {
    pay: 'Pagar {price}',
    subscribe: 'Suscribirse, {price} {period}',
    trial: 'Empezar la prueba gratuita de {days} días',
    each: { day: 'al día', week: 'a la semana', month: 'al mes', year: 'al año' },
    every: { day: 'cada {n} días', week: 'cada {n} semanas', month: 'cada {n} meses', year: 'cada {n} años' },
  },
  it: {
    pay: 'Paga {price}',
    subscribe: 'Abbonati, {price} {period}',
    trial: 'Inizia la prova gratuita di {days} giorni',
    each: { day: 'al giorno', week: 'a settimana', month: 'al mese', year: 'all’anno' },
    every: { day: 'ogni {n} giorni', week: 'ogni {n} settimane', month: 'ogni {n} mesi', year: 'ogni {n} anni' },
  },
  nl: {
    pay: '{price} betalen',
    subscribe: 'Abonneren, {price} {period}',
    trial: 'Start {days} dagen gratis proberen',
    each: { day: 'per dag', week: 'per week', month: 'per maand', year: 'per jaar' },
    every: { day: 'elke {n} dagen', week: 'elke {n} weken', month: 'elke {n} maanden', year: 'elke {n} jaar' },
  },
  pt: {
    pay: 'Pagar {price}',
    subscribe: 'Assinar, {price} {period}',
    trial: 'Começar teste grátis de {days} dias',
    each: { day: 'por dia', week: 'por semana', month: 'por mês', year: 'por ano' },
    every: { day: 'a cada {n} dias', week: 'a cada {n} semanas', month: 'a cada {n} meses', year: 'a cada {n} anos' },
  },
  ja: {
    pay: '{price}を支払う',
    subscribe: '{period}{price}で購読する',
    trial: '{days}日間の無料トライアルを開始',
    each: { day: '1日', week: '1週間', month: '月額', year: '年額' },
    every: { day: '{n}日ごと', week: '{n}週間ごと', month: '{n}か月ごと', year: '{n}年ごと' },
  },
};

/** The amount in the language's way of writing money, from the currency's smallest unit. */
export function formatMoney(amount: number, currency: string, lang: Language): string {
  const format = new Intl.NumberFormat(lang, { style: 'currency', currency: currency.toUpperCase() });
  return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

/** The button's label for `summary`, or null when the summary cannot be said (a bad currency or amount). */
export function priceLabel(summary: PriceSummary, lang: Language): string | null {
  const texts = TEXTS[lang];
  let price: string;
  try {
    if (!Number.isSafeInteger(summary.amount) || summary.amount < 0) return null;
    price = formatMoney(summary.amount, summary.currency, lang);
  } catch {
    return null; // not a currency Intl knows: the plain label stays
  }
  const { recurring, trialDays } = summary;
  if (!recurring) return texts.pay.replace('{price}', price);
  if (trialDays && trialDays > 0) return texts.trial.replace('{days}', String(trialDays));
  const n = recurring.intervalCount ?? 1;
  const period = n === 1 ? texts.each[recurring.interval] : texts.every[recurring.interval]?.replace('{n}', String(n));
  if (!period) return null;
  return texts.subscribe.replace('{price}', price).replace('{period}', period);
}
