// What wallets mode's row goes through, as named phases. Pure, like flow.ts: the row dispatches, and
// nothing else decides whether a wallet is shown. A wallet is shown only after `ready` named one.
import type { CheckoutError } from '../core/types';

export type WalletRowState =
  /** No session or no Stripe.js yet: nothing is shown, nothing is reserved. */
  | { phase: 'waiting' }
  /** The element is mounted out of sight, in no space, until `ready` says what this device offers. */
  | { phase: 'measuring'; methods?: string[] }
  /** The row, above the card button; a failed payment's sentence under it. */
  | { phase: 'shown'; methods: string[]; error?: CheckoutError }
  /** A wallet authorised the payment; its result is awaited. */
  | { phase: 'paying'; methods: string[] }
  /** Card button only: no wallet on this device, the wallets are unavailable, or a wallet paid. */
  | { phase: 'gone'; why: 'none' | 'unavailable' | 'paid' };

export type WalletAction =
  | { type: 'mount' }
  /** The session is gone (another button for this product paid with it): nothing to show until a fresh one. */
  | { type: 'drop' }
  | { type: 'ready'; methods: string[] }
  | { type: 'unavailable' }
  | { type: 'confirm' }
  | { type: 'result'; error?: CheckoutError }
  | { type: 'cancel' };

export const WAITING: WalletRowState = { phase: 'waiting' };

/** Returns `state` itself when the action does not apply. */
export function walletReducer(state: WalletRowState, action: WalletAction): WalletRowState {
  switch (action.type) {
    case 'mount':
      // A renewed session is mounted again in place: the row keeps its methods (and its space) meanwhile.
      if (state.phase === 'waiting') return { phase: 'measuring' };
      return state.phase === 'shown' ? { phase: 'measuring', methods: state.methods } : state;
    case 'drop':
      return state.phase === 'measuring' || state.phase === 'shown' ? WAITING : state;
    case 'ready':
      if (state.phase !== 'measuring') return state;
      return action.methods.length ? { phase: 'shown', methods: action.methods } : { phase: 'gone', why: 'none' };
    case 'unavailable':
      return state.phase === 'gone' ? state : { phase: 'gone', why: 'unavailable' };
    case 'confirm':
      return state.phase === 'shown' ? { phase: 'paying', methods: state.methods } : state;
    case 'result':
      if (state.phase !== 'paying') return state;
      return action.error ? { phase: 'shown', methods: state.methods, error: action.error } : { phase: 'gone', why: 'paid' };
    case 'cancel':
      // The sheet closed without paying. During a payment the result decides; after a decline its
      // sentence stays (the sheet closes after showing the failure).
      return state;
  }
}

/** The row takes space: shown, paying, or measuring a renewed session where a row already was. */
export function rowInFlow(state: WalletRowState): boolean {
  return state.phase === 'shown' || state.phase === 'paying' || (state.phase === 'measuring' && !!state.methods);
}
