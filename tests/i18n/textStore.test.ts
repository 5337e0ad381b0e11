import type { CheckoutMessages } from '../../src/types';

// A fresh copy of the store per test: which languages a copy of the remote has fetched is module state.
function freshStore(translations?: Record<string, () => Promise<CheckoutMessages>>) {
  let store!: typeof import('../../src/i18n/textStore');
  jest.isolateModules(() => {
    if (translations) jest.doMock('../../src/i18n/texts', () => ({ ...jest.requireActual('../../src/i18n/texts'), TRANSLATIONS: translations }));
    store = require('../../src/i18n/textStore');
  });
  return store;
}

afterEach(() => jest.dontMock('../../src/i18n/texts'));

describe("the texts a copy of the remote has at hand", () => {
  it('has English from the start, and another language once its chunk arrived', async () => {
    const store = freshStore();
    expect(store.textsIfLoaded('en')?.buttonLabel).toBe('Pay with card');
    expect(store.textsIfLoaded('fr')).toBeUndefined();
    const changed = jest.fn();
    store.subscribeTexts(changed);
    await store.loadTexts('fr');
    expect(store.textsIfLoaded('fr')?.buttonLabel).toBe('Payer par carte');
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('fetches a language once, however many buttons ask at the same time', async () => {
    const fr = jest.fn(async () => ({ buttonLabel: 'Payer' }) as CheckoutMessages);
    const store = freshStore({ fr });
    await Promise.all([store.loadTexts('fr'), store.loadTexts('fr'), store.loadTexts('fr')]);
    await store.loadTexts('fr');
    expect(fr).toHaveBeenCalledTimes(1);
  });

  it('stays in English when the chunk cannot be fetched, never rejects, and fetches again next time', async () => {
    const fr = jest.fn().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValueOnce({ buttonLabel: 'Payer' });
    const store = freshStore({ fr });
    await expect(store.loadTexts('fr')).resolves.toBeUndefined();
    expect(store.textsIfLoaded('fr')).toBeUndefined();
    await store.loadTexts('fr');
    expect(store.textsIfLoaded('fr')?.buttonLabel).toBe('Payer');
  });
});
