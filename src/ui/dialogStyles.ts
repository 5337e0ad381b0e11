// Embedded mode's dialog's styles, in its chunk: redirect mode never shows a dialog, and embedded
// mode only after a click. Installed by the dialog into the scope it renders in (styles.ts).
export const DIALOG_CSS = `
.mfc-dialog{width:min(100vw - 2rem,38rem);max-height:calc(100vh - 2rem);padding:0;border:0;border-radius:var(--checkout-radius,6px);box-shadow:0 20px 60px rgba(0,0,0,.35)}
.mfc-dialog::backdrop{background:rgba(15,23,42,.55)}
.mfc-dialog-bar{display:flex;align-items:center;justify-content:space-between;padding:.5rem .75rem;border-bottom:1px solid #e5e7eb}
.mfc-dialog-title{margin:0;font-size:1rem}
.mfc-close{border:0;background:transparent;font:inherit;font-size:1.25rem;line-height:1;padding:.25rem .5rem;cursor:pointer}
.mfc-close:focus-visible{outline:3px solid var(--checkout-focus,#1a73e8);outline-offset:2px}
.mfc-embed{min-height:24rem}
`;
