// Every language but English, in one chunk: one entry in the remote's chunk maps instead of seven
// (each costs bytes in remoteEntry.js and the manifest, which every page fetches), for 1.8 KB more
// to the people who need a translation, off the button's critical path.
import type { CheckoutMessages } from '../../types';
import type { Translation } from './index';
import { de } from './de';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { ja } from './ja';
import { nl } from './nl';
import { pt } from './pt';

export const TRANSLATED: Readonly<Record<Translation, CheckoutMessages>> = { fr, de, es, it, nl, pt, ja };
