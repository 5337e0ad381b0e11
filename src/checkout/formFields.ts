// What a plain HTML form can post of the host's `sessionBody`: its flat fields (strings, finite
// numbers), as hidden inputs. Pure. The form asks the server for Stripe's hosted page, the one kind of
// session a page without JavaScript can use, so the body's own `mode` is left out (the server's
// default, `redirect`, applies).
export type FormField = readonly [name: string, value: string];

export function formFields(sessionBody: object | undefined): FormField[] {
  if (!sessionBody || Object.getPrototypeOf(sessionBody) !== Object.prototype) return [];
  const fields: FormField[] = [];
  for (const [name, value] of Object.entries(sessionBody)) {
    if (name === 'mode') continue;
    if (typeof value === 'string') fields.push([name, value]);
    else if (typeof value === 'number' && Number.isFinite(value)) fields.push([name, String(value)]);
  }
  return fields;
}
