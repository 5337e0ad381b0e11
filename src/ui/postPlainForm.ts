// The button's last way on when its own click code cannot run: the plain form's post, as the page's
// fallback form (and a page without JavaScript) makes it. The server answers `303` to Stripe's
// hosted page; none of the click's code is needed for that.
import { FORM_KEY_FIELD, formFields, newFormKey } from '../checkout/formFields';

/** Posts `sessionBody`'s flat fields (and a fresh formKey) to `action` from a hidden form of `doc`. */
export function postPlainForm(action: string, sessionBody: object | undefined, doc: Document = document): void {
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = action;
  form.hidden = true;
  const key = newFormKey();
  for (const [name, value] of key ? [...formFields(sessionBody), [FORM_KEY_FIELD, key] as const] : formFields(sessionBody)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  doc.body.append(form);
  form.submit();
}
