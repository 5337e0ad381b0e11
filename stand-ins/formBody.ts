// Decodes what the `stripe` library sends: `application/x-www-form-urlencoded` with bracketed keys
// (`line_items[0][price_data][currency]=eur`, `expand[0]=payment_intent`, `expand[]=…`) into the
// nested object Stripe's API reads. Objects whose keys are all indices become arrays.

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** A value as Stripe quotes it in a refusal: the string as sent, a nested value as JSON. */
export const formText = (value: FormValue): string => (typeof value === 'string' ? value : JSON.stringify(value));

function place(target: FormObject, path: string[], value: string): void {
  let node = target;
  path.forEach((key, i) => {
    const last = i === path.length - 1;
    const name = key === '' ? String(Object.keys(node).length) : key; // `a[]`: the next index
    if (last) {
      node[name] = value;
      return;
    }
    const next = node[name];
    node = typeof next === 'object' && !Array.isArray(next) ? next : (node[name] = {});
  });
}

function arrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, arrays(value[key])] as const);
  if (keys.length > 0 && keys.every((key, i) => key === String(i))) return entries.map(([, v]) => v);
  return Object.fromEntries(entries);
}

export function decodeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const [head, ...rest] = key.split('[');
    place(root, [head, ...rest.map((part) => part.replace(/\]$/, ''))], value);
  }
  return arrays(root) as FormObject;
}
