// The button's label for what it sells ("Subscribe, €9.00 a month", a trial, a cart's total:
// src/i18n/priceLabel.ts, in eight languages) is a chunk of its own, fetched when a button with a
// `price` first renders: a button without one (one product, the server prices it) never fetches it,
// and it is not among the bytes before the button. Until it is in (one round trip from the first
// render), and for the page view if it cannot be fetched, the button says its plain label.
import type { PriceSummary } from '../core/types';
import { lazyChunk } from '../core/lazyChunk';
import type { Language } from '../i18n/languages';
import { chunkSource, useChunk } from './useChunk';

const labels = chunkSource(lazyChunk(() => import(/* webpackChunkName: "priceLabel" */ '../i18n/priceLabel')));

/** The label for `price` in `lang`, once its chunk is in; null before, without a price, or when it cannot be said. */
export function usePriceLabel(price: PriceSummary | undefined, lang: Language): string | null {
  const module = useChunk(labels, !!price);
  return price && module ? module.priceLabel(price, lang) : null;
}
