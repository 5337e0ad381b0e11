// Scoped styles: every selector is a `mfc-` class of ours, nothing touches the host's elements.
// Themable through CSS custom properties set anywhere above or on the root (all have fallbacks).
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

const installed = new Set<string>();
// The host's nonce, given with the button's styles, serves the dialog's too.
let pageNonce: string | undefined;

/**
 * Installs a stylesheet once per document (the button's by default; embedded mode's dialog brings
 * its own, in its chunk). A constructed stylesheet needs no `style-src` allowance under CSP; where
 * it is unsupported, a <style> tag carrying the host's nonce.
 */
export function installStyles(nonce?: string, css: string = CSS): void {
  if (installed.has(css) || typeof document === 'undefined') return;
  installed.add(css);
  pageNonce ??= nonce;
  nonce ??= pageNonce;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  } catch {
    const style = document.createElement('style');
    style.setAttribute('data-checkout-styles', '');
    if (nonce) style.nonce = nonce;
    style.textContent = css;
    document.head.appendChild(style);
  }
}
