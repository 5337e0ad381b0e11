// Embedded mode's texts for a Stripe.js that cannot run (src/i18n/texts/scriptFailures.ts) are a
// chunk of their own, fetched when an embedded-mode button first renders: redirect mode never shows
// them, and they are not among the bytes before the button. The button shows a script failure once
// this has settled (its alert and its focus come with its text, not before); a chunk that cannot be
// fetched says the button's own "could not start" instead.
import type { ScriptFailureMessageKey } from '../core/types';
import { lazyChunk } from '../core/lazyChunk';
import type { Language } from '../i18n/languages';
import type { ScriptFailureMessages } from '../i18n/texts/scriptFailures';
import { chunkSource, useChunk } from './useChunk';

const texts = chunkSource(lazyChunk(() => import(/* webpackChunkName: "scriptFailures" */ '../i18n/texts/scriptFailures')));
const KEYS: readonly ScriptFailureMessageKey[] = ['script_load_failed', 'script_timeout', 'script_blocked', 'stripe_unavailable'];

/** The texts in `lang` once their chunk has settled (`couldNotStart` for each, if it could not be fetched); undefined until then. */
export function useScriptFailureTexts(wanted: boolean, lang: Language, couldNotStart: string): ScriptFailureMessages | undefined {
  const module = useChunk(texts, wanted);
  if (module === undefined) return undefined;
  return module
    ? module.SCRIPT_FAILURE_TEXTS[lang]
    : (Object.fromEntries(KEYS.map((key) => [key, couldNotStart])) as ScriptFailureMessages);
}
