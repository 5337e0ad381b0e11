import { rowInFlow, walletReducer, WAITING, type WalletRowState } from '../../src/checkout/walletFlow';
import { checkoutError } from '../../src/core/errors';

const declined = checkoutError('wallet_declined', 'declined (insufficient_funds)');
const run = (...actions: Parameters<typeof walletReducer>[1][]) => actions.reduce<WalletRowState>(walletReducer, WAITING);

describe('the wallet row: a wallet is shown only after ready named one', () => {
  it('waiting → measuring (out of flow) → shown with the methods ready reported', () => {
    expect(rowInFlow(run({ type: 'mount' }))).toBe(false);
    expect(run({ type: 'mount' }, { type: 'ready', methods: ['applePay', 'link'] })).toEqual({
      phase: 'shown',
      methods: ['applePay', 'link'],
    });
  });

  it('ready with no method: gone, card button only (never an empty row)', () => {
    expect(run({ type: 'mount' }, { type: 'ready', methods: [] })).toEqual({ phase: 'gone', why: 'none' });
  });

  it('ready before mount, or twice, changes nothing', () => {
    expect(run({ type: 'ready', methods: ['link'] })).toBe(WAITING);
    const shown = run({ type: 'mount' }, { type: 'ready', methods: ['link'] });
    expect(walletReducer(shown, { type: 'ready', methods: ['googlePay'] })).toBe(shown);
  });

  it('loaderror or no session: gone, from any phase', () => {
    expect(run({ type: 'unavailable' })).toEqual({ phase: 'gone', why: 'unavailable' });
    expect(run({ type: 'mount' }, { type: 'ready', methods: ['link'] }, { type: 'unavailable' })).toEqual({
      phase: 'gone',
      why: 'unavailable',
    });
  });
});

describe('the outcomes of a wallet payment', () => {
  const shown = run({ type: 'mount' }, { type: 'ready', methods: ['googlePay'] });

  it('success: gone as paid', () => {
    expect(run({ type: 'mount' }, { type: 'ready', methods: ['googlePay'] }, { type: 'confirm' }, { type: 'result' })).toEqual({
      phase: 'gone',
      why: 'paid',
    });
  });

  it('a decline: shown again, the wallets usable, the error standing', () => {
    const after = [{ type: 'confirm' } as const, { type: 'result', error: declined } as const].reduce(walletReducer, shown);
    expect(after).toEqual({ phase: 'shown', methods: ['googlePay'], error: declined });
    // The sheet closes after showing the failure: its cancel does not hide the sentence.
    expect(walletReducer(after, { type: 'cancel' })).toBe(after);
    // The next attempt clears it.
    expect(walletReducer(after, { type: 'confirm' })).toEqual({ phase: 'paying', methods: ['googlePay'] });
  });

  it('cancel: back to idle, no error; a cancel during a payment leaves the result to decide', () => {
    expect(walletReducer(shown, { type: 'cancel' })).toBe(shown);
    const paying = walletReducer(shown, { type: 'confirm' });
    expect(walletReducer(paying, { type: 'cancel' })).toBe(paying);
  });

  it('a result with no payment in flight is ignored', () => {
    expect(walletReducer(shown, { type: 'result' })).toBe(shown);
  });

  it('a renewed session is measured in place: the row keeps its space', () => {
    const renewing = walletReducer(shown, { type: 'mount' });
    expect(renewing).toEqual({ phase: 'measuring', methods: ['googlePay'] });
    expect(rowInFlow(renewing)).toBe(true);
  });

  it("the session dropped (another button paid with it): the row leaves until a fresh one is ready; a payment's result still decides", () => {
    expect(walletReducer(shown, { type: 'drop' })).toEqual({ phase: 'waiting' });
    expect(walletReducer(walletReducer(shown, { type: 'mount' }), { type: 'drop' })).toEqual({ phase: 'waiting' });
    const paying = walletReducer(shown, { type: 'confirm' });
    expect(walletReducer(paying, { type: 'drop' })).toBe(paying);
  });
});
