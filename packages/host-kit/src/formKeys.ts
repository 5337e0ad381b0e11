// Each fallback form's `formKey`: two people behind one address with one browser build are two
// Checkout Sessions, and a double click is one (the server's fingerprint, docs/server/form.md). A form the
// server renders carries its own; a static page's gets one made in the browser at its first submit,
// and kept. The page serves this file itself, so it runs when the remote is down.

/** The field's name, as the server reads it. */
export const FORM_KEY_FIELD = 'formKey';

/** 128 random bits as hex: `getRandomValues` exists on every page (`randomUUID` only on https ones). */
export function newFormKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Gives every form submitted on the page a `formKey` at its first submit, unless it has one (from a
 * server render). Listens in the capture phase, so the field is there before any other handler or the
 * browser reads the form. Returns the function that stops it.
 */
export function addFormKeys(root: Document = document): () => void {
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.elements.namedItem(FORM_KEY_FIELD)) return;
    const key = Object.assign(root.createElement('input'), { type: 'hidden', name: FORM_KEY_FIELD, value: newFormKey() });
    form.append(key);
  };
  root.addEventListener('submit', onSubmit, true);
  return () => root.removeEventListener('submit', onSubmit, true);
}
