// Every language's built-in texts that the button can show before a click. All of them ship in the
// button's chunk: together they cost about as much as the request a lazy-loaded language would add
// (measured: see the README). What only a click leads to ships with the chunk that shows it (click.ts,
// dialog.ts), as wallets mode's does (wallets.ts).
import type { ButtonMessages } from '../../core/types';
import type { Language } from '../languages';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { ja } from './ja';
import { nl } from './nl';
import { pt } from './pt';

export const TEXTS: Readonly<Record<Language, ButtonMessages>> = { en, fr, de, es, it, nl, pt, ja };
