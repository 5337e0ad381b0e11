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
