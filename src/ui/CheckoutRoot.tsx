// The button's root element: a <div>, or, for a button the server rendered with a `sessionEndpoint`,
// a <form> that posts to it. That form pays before hydration and on a page whose scripts never run
// (the server answers `303` to Stripe's hosted page); once hydrated, its submit is prevented and the
// button's click runs the flow as on any page. Each render of that form carries a fresh `formKey`.
import { createElement, type FormEvent, type ReactNode, type RefObject } from 'react';
import { FORM_KEY_FIELD, type FormField } from '../checkout/formFields';
import { CSS } from './styles';

export interface ServedForm {
  action: string;
  fields: FormField[];
  /** This render's key ('' for none): see checkout/formFields.ts. */
  formKey: string;
}

export interface CheckoutRootProps {
  rootRef: RefObject<HTMLElement | null>;
  className: string;
  state: string;
  error: string | undefined;
  lang: string;
  form: ServedForm | null;
  /** The server's HTML (and its hydration): the styles inline, since no script has installed them yet. */
  inlineStyles: boolean;
  nonce: string | undefined;
  children: ReactNode;
}

const keepPage = (event: FormEvent) => event.preventDefault();

export function CheckoutRoot({ rootRef, className, state, error, lang, form, inlineStyles, nonce, children }: CheckoutRootProps) {
  const attributes = { ref: rootRef, className, 'data-checkout-state': state, 'data-checkout-error': error, lang };
  if (!form) return createElement('div', attributes, children);
  return createElement(
    'form',
    { ...attributes, method: 'post', action: form.action, onSubmit: keepPage },
    inlineStyles && <style nonce={nonce}>{CSS}</style>,
    form.fields.map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />),
    // The server's key is in its HTML; hydration puts its own (React 18 and 19 validate no input's value).
    form.formKey && <input type="hidden" name={FORM_KEY_FIELD} value={form.formKey} />,
    children,
  );
}
