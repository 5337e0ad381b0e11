import { CSS, installStyles, styleScopeOf } from '../../src/ui/styles';

describe('installStyles', () => {
  it('installs into the scope the button renders in, once per scope, with the nonce on a fallback tag', () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const inside = shadow.appendChild(document.createElement('div'));
    expect(styleScopeOf(inside)).toBe(shadow);
    expect(styleScopeOf(document.createElement('div'))).toBe(document); // detached: the document

    installStyles(shadow, 'n0nce');
    installStyles(shadow, 'n0nce');
    const adopted = shadow.adoptedStyleSheets?.length ?? 0;
    const tags = shadow.querySelectorAll('style[data-checkout-styles]');
    // A constructed sheet where the environment has them (Chromium), else one <style> with the nonce.
    expect(adopted + tags.length).toBe(1);
    if (tags.length) {
      expect((tags[0] as HTMLStyleElement).nonce).toBe('n0nce');
      expect(tags[0].textContent).toBe(CSS);
    }
    expect(document.head.querySelectorAll('style[data-checkout-styles]')).toHaveLength(0); // nothing in the host's document
    host.remove();
  });
});

describe('installStyles with a stylesheet of its own (the dialog brings one in its chunk)', () => {
  it("adds it once per scope, beside the button's", () => {
    const host = document.body.appendChild(document.createElement('div'));
    const shadow = host.attachShadow({ mode: 'open' });
    const count = () => (shadow.adoptedStyleSheets?.length ?? 0) + shadow.querySelectorAll('style[data-checkout-styles]').length;
    installStyles(shadow);
    installStyles(shadow, undefined, '.mfc-dialog{padding:0}');
    installStyles(shadow, undefined, '.mfc-dialog{padding:0}');
    installStyles(shadow);
    expect(count()).toBe(2);
    host.remove();
  });
});

describe('installStyles without constructed stylesheets', () => {
  const original = globalThis.CSSStyleSheet;
  afterEach(() => {
    globalThis.CSSStyleSheet = original;
  });

  it('puts the fallback <style> back after the scope was emptied (an element removed and inserted again)', () => {
    // Where `new CSSStyleSheet()` throws, the styles are a <style> tag inside the scope.
    globalThis.CSSStyleSheet = function Unsupported() {
      throw new TypeError('Illegal constructor');
    } as unknown as typeof CSSStyleSheet;
    let install!: typeof installStyles;
    jest.isolateModules(() => {
      install = (require('../../src/ui/styles') as typeof import('../../src/ui/styles')).installStyles;
    });
    const host = document.body.appendChild(document.createElement('div'));
    const shadow = host.attachShadow({ mode: 'open' });
    const tags = () => shadow.querySelectorAll('style[data-checkout-styles]');

    install(shadow, 'n0nce');
    expect(tags()).toHaveLength(1);
    shadow.replaceChildren(); // what <checkout-button> does when it is removed
    install(shadow, 'n0nce'); // the button renders again once it is back
    expect(tags()).toHaveLength(1);
    expect((tags()[0] as HTMLStyleElement).nonce).toBe('n0nce');
    install(shadow, 'n0nce');
    expect(tags()).toHaveLength(1);
    host.remove();
  });
});
