// A fresh `formKey` for each form on this page that pays without the remote: made in this browser at
// the form's first submit and kept, so a double click is one Checkout Session and two people behind one
// address with one browser build are two. The page's own file, not the remote's, so it runs when the
// remote is down; `getRandomValues`, which every page has (`randomUUID` needs https). In a browser that
// runs no script the form goes without, and the server tells people apart by address and User-Agent.
document.addEventListener(
  'submit',
  (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.elements.namedItem('formKey')) return;
    const key = Object.assign(document.createElement('input'), { type: 'hidden', name: 'formKey' });
    key.value = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
    form.append(key);
  },
  true,
);
