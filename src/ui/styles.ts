// Scoped styles: every selector is a `mfc-` class of ours, nothing touches the host's elements.
// Themable through CSS custom properties set anywhere above or on the root (all have fallbacks).
export const CSS = `
.mfc-root{display:inline-flex;flex-direction:column;align-items:flex-start;gap:.5rem;font-family:var(--checkout-font,inherit);font-size:var(--checkout-font-size,1rem)}
.mfc-button{display:inline-flex;align-items:center;justify-content:center;gap:.5rem;min-height:2.75rem;padding:.625rem 1.25rem;border:0;border-radius:var(--checkout-radius,6px);background:var(--checkout-accent,#635bff);color:var(--checkout-accent-fg,#fff);font:inherit;font-weight:600;cursor:pointer;transition:filter .15s}
.mfc-button:hover:not(:disabled){filter:brightness(1.08)}
.mfc-button:focus-visible,.mfc-retry:focus-visible,.mfc-close:focus-visible{outline:3px solid var(--checkout-focus,#1a73e8);outline-offset:2px}
.mfc-button:disabled{cursor:not-allowed;opacity:.55}
.mfc-button[aria-disabled=true]{cursor:progress}
.mfc-spinner{width:1em;height:1em;border:2px solid currentColor;border-right-color:transparent;border-radius:50%;animation:mfc-spin .8s linear infinite}
@keyframes mfc-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.mfc-spinner{animation-duration:2.4s}}
.mfc-alert{margin:0;max-width:28rem;padding:.5rem .75rem;border-left:3px solid var(--checkout-error,#b42318);background:var(--checkout-error-bg,#fef3f2);color:var(--checkout-error,#b42318);font-size:.875em;line-height:1.4}
.mfc-alert:focus{outline:2px solid var(--checkout-focus,#1a73e8);outline-offset:2px}
.mfc-retry{padding:.375rem .875rem;border:1px solid currentColor;border-radius:var(--checkout-radius,6px);background:transparent;color:var(--checkout-accent-text,#4b45c6);font:inherit;font-size:.875em;cursor:pointer}
.mfc-sr-only{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.mfc-dialog{width:min(100vw - 2rem,38rem);max-height:calc(100vh - 2rem);padding:0;border:0;border-radius:var(--checkout-radius,6px);box-shadow:0 20px 60px rgba(0,0,0,.35)}
.mfc-dialog::backdrop{background:rgba(15,23,42,.55)}
.mfc-dialog-bar{display:flex;align-items:center;justify-content:space-between;padding:.5rem .75rem;border-bottom:1px solid #e5e7eb}
.mfc-dialog-title{margin:0;font-size:1rem}
.mfc-close{border:0;background:transparent;font:inherit;font-size:1.25rem;line-height:1;padding:.25rem .5rem;cursor:pointer}
.mfc-embed{min-height:24rem}
`;

/** Where the button can be rendered: the document, or a shadow root (which document styles do not reach). */
export type StyleScope = Document | ShadowRoot;

/**
 * What each scope got: the shared sheet, or a fallback <style> tag. A tag is a child of the scope, so
 * whoever empties the scope (the element does, when it is removed) takes it away: it is checked, and
 * put back, each time.
 */
const installed = new WeakMap<StyleScope, CSSStyleSheet | HTMLStyleElement>();
let shared: CSSStyleSheet | null | undefined;

/** One constructed sheet for every scope of the page; null where constructed sheets are unsupported. */
function sharedSheet(): CSSStyleSheet | null {
  if (shared !== undefined) return shared;
  try {
    shared = new CSSStyleSheet();
    shared.replaceSync(CSS);
  } catch {
    shared = null;
  }
  return shared;
}

/** The scope a node is rendered in: its shadow root, else the document (also for a detached node). */
export function styleScopeOf(node: Node): StyleScope {
  const root = node.getRootNode();
  return root instanceof ShadowRoot ? root : node.ownerDocument ?? document;
}

/**
 * Installs the stylesheet once per scope (the document, or each shadow root the button renders in).
 * A constructed stylesheet needs no `style-src` allowance under CSP; where it is unsupported, a
 * <style> tag carrying the host's nonce.
 */
export function installStyles(scope: StyleScope, nonce?: string): void {
  const done = installed.get(scope);
  if (done && !isStyleTag(done)) return;
  const target = scope instanceof ShadowRoot ? scope : scope.head;
  if (done) {
    if (done.parentNode !== target) target.appendChild(done);
    return;
  }
  const sheet = sharedSheet();
  if (sheet) {
    try {
      scope.adoptedStyleSheets = [...scope.adoptedStyleSheets, sheet];
      installed.set(scope, sheet);
      return;
    } catch {
      // A sheet from another document (an iframe's scope): fall back to a tag.
    }
  }
  const doc = scope instanceof ShadowRoot ? scope.ownerDocument : scope;
  const style = doc.createElement('style');
  style.setAttribute('data-checkout-styles', '');
  if (nonce) style.nonce = nonce;
  style.textContent = CSS;
  target.appendChild(style);
  installed.set(scope, style);
}

function isStyleTag(value: CSSStyleSheet | HTMLStyleElement): value is HTMLStyleElement {
  return 'textContent' in value;
}
