// Scoped styles: every selector is a `mfc-` class of ours, nothing touches the host's elements.
// Themable through CSS custom properties set anywhere above or on the root (all have fallbacks).
// Embedded mode's dialog brings its own (dialogStyles.ts, in its chunk).
export const CSS = `
.mfc-root{display:inline-flex;flex-direction:column;align-items:flex-start;gap:.5rem;font-family:var(--checkout-font,inherit);font-size:var(--checkout-font-size,1rem)}
.mfc-button{display:inline-flex;align-items:center;justify-content:center;gap:.5rem;min-height:2.75rem;padding:.625rem 1.25rem;border:0;border-radius:var(--checkout-radius,6px);background:var(--checkout-accent,#635bff);color:var(--checkout-accent-fg,#fff);font:inherit;font-weight:600;cursor:pointer;transition:filter .15s}
.mfc-button:hover:not(:disabled){filter:brightness(1.08)}
.mfc-button:focus-visible,.mfc-retry:focus-visible{outline:3px solid var(--checkout-focus,#1a73e8);outline-offset:2px}
.mfc-button:disabled{cursor:not-allowed;opacity:.55}
.mfc-button[aria-disabled=true]{cursor:progress}
.mfc-spinner{width:1em;height:1em;border:2px solid currentColor;border-right-color:transparent;border-radius:50%;animation:mfc-spin .8s linear infinite}
@keyframes mfc-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.mfc-spinner{animation-duration:2.4s}}
.mfc-alert{margin:0;max-width:28rem;padding:.5rem .75rem;border-left:3px solid var(--checkout-error,#b42318);background:var(--checkout-error-bg,#fef3f2);color:var(--checkout-error,#b42318);font-size:.875em;line-height:1.4}
.mfc-alert:focus{outline:2px solid var(--checkout-focus,#1a73e8);outline-offset:2px}
.mfc-retry{padding:.375rem .875rem;border:1px solid currentColor;border-radius:var(--checkout-radius,6px);background:transparent;color:var(--checkout-accent-text,#4b45c6);font:inherit;font-size:.875em;cursor:pointer}
.mfc-sr-only{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
`;

/** Where the button can be rendered: the document, or a shadow root (which document styles do not reach). */
export type StyleScope = Document | ShadowRoot;

/**
 * What each scope got, per stylesheet: the shared sheet, or a fallback <style> tag. A tag is a child
 * of the scope, so whoever empties the scope (the element does, when it is removed) takes it away: it
 * is checked, and put back, each time.
 */
const installed = new WeakMap<StyleScope, Map<string, CSSStyleSheet | HTMLStyleElement>>();
const shared = new Map<string, CSSStyleSheet | null>();

/** One constructed sheet per stylesheet for every scope of the page; null where constructed sheets are unsupported. */
function sharedSheet(css: string): CSSStyleSheet | null {
  let sheet = shared.get(css);
  if (sheet === undefined) {
    try {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
    } catch {
      sheet = null;
    }
    shared.set(css, sheet);
  }
  return sheet;
}

/** The scope a node is rendered in: its shadow root, else the document (also for a detached node). */
export function styleScopeOf(node: Node): StyleScope {
  const root = node.getRootNode();
  return root instanceof ShadowRoot ? root : (node.ownerDocument ?? document);
}

/**
 * Installs a stylesheet (the button's, unless another is given) once per scope (the document, or each
 * shadow root the button renders in). A constructed stylesheet needs no `style-src` allowance under
 * CSP; where it is unsupported, a <style> tag carrying the host's nonce.
 */
export function installStyles(scope: StyleScope, nonce?: string, css = CSS): void {
  let got = installed.get(scope);
  if (!got) installed.set(scope, (got = new Map<string, CSSStyleSheet | HTMLStyleElement>()));
  const done = got.get(css);
  const target = scope instanceof ShadowRoot ? scope : scope.head;
  if (done) {
    if (isStyleTag(done) && done.parentNode !== target) target.appendChild(done);
    return;
  }
  const sheet = sharedSheet(css);
  if (sheet) {
    try {
      scope.adoptedStyleSheets = [...scope.adoptedStyleSheets, sheet];
      got.set(css, sheet);
      return;
    } catch {
      // A sheet from another document (an iframe's scope): fall back to a tag.
    }
  }
  const style = target.ownerDocument.createElement('style');
  style.setAttribute('data-checkout-styles', '');
  if (nonce) style.nonce = nonce;
  style.textContent = css;
  target.appendChild(style);
  got.set(css, style);
}

function isStyleTag(value: CSSStyleSheet | HTMLStyleElement): value is HTMLStyleElement {
  return 'textContent' in value;
}
