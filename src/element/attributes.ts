// <checkout-button>'s attributes as CheckoutButton props. Pure: the element reads its attributes
// through `read`, and the values go to the button as they are (an unknown `mode` is the button's
// to refuse, a bad number falls back to its default there), so a bad attribute fails exactly as
// the prop would.
import type { CheckoutButtonProps } from '../core/types';

type Kind = 'string' | 'number' | 'boolean' | 'list';

/** Plain values only: functions and objects are properties (see `ELEMENT_PROPERTIES`). */
const ATTRIBUTES = {
  'publishable-key': ['publishableKey', 'string'],
  'session-endpoint': ['sessionEndpoint', 'string'],
  mode: ['mode', 'string'],
  'load-on': ['loadOn', 'string'],
  'load-timeout-ms': ['loadTimeoutMs', 'number'],
  'max-load-attempts': ['maxLoadAttempts', 'number'],
  'session-timeout-ms': ['sessionTimeoutMs', 'number'],
  'allowed-checkout-origins': ['allowedCheckoutOrigins', 'list'],
  nonce: ['nonce', 'string'],
  disabled: ['disabled', 'boolean'],
  label: ['children', 'string'],
} as const satisfies Record<string, readonly [keyof CheckoutButtonProps, Kind]>;

/** Attributes that go into `stripeOptions`, merged over the `stripeOptions` property. */
const STRIPE_OPTION_ATTRIBUTES = { locale: 'locale', 'stripe-account': 'stripeAccount' } as const;

/** Every attribute the element reads, by its HTML name. */
export type CheckoutButtonAttributeName = keyof typeof ATTRIBUTES | keyof typeof STRIPE_OPTION_ATTRIBUTES;

export const OBSERVED_ATTRIBUTES: readonly string[] = [...Object.keys(ATTRIBUTES), ...Object.keys(STRIPE_OPTION_ATTRIBUTES)];

/** What only a property can carry. */
export const ELEMENT_PROPERTIES = ['createSession', 'sessionBody', 'lines', 'price', 'messages', 'stripeOptions'] as const;
export type ElementPropertyName = (typeof ELEMENT_PROPERTIES)[number];
export type ElementProperties = Partial<Pick<CheckoutButtonProps, ElementPropertyName>>;

/** The props the attributes give (every attribute's prop is present, undefined when the attribute is absent). */
export type AttributeProps = Omit<CheckoutButtonProps, 'stripeOptions' | (typeof ELEMENT_PROPERTIES)[number]> & {
  stripeOptions: NonNullable<CheckoutButtonProps['stripeOptions']>;
};

function parse(kind: Kind, value: string | null): unknown {
  if (kind === 'boolean') return value !== null; // HTML's boolean attributes: present is true, whatever the value
  if (value === null) return undefined;
  if (kind === 'number') return value.trim() === '' ? undefined : Number(value); // NaN: the prop's default applies
  if (kind === 'list') return value.split(/\s+/).filter(Boolean);
  return value;
}

/** Every attribute read once; absent ones give undefined, so an attribute removed clears its prop. */
export function propsFromAttributes(read: (name: string) => string | null): AttributeProps {
  const props: Record<string, unknown> = {};
  for (const [name, [prop, kind]] of Object.entries(ATTRIBUTES)) props[prop] = parse(kind, read(name));
  const stripeOptions: Record<string, string> = {};
  for (const [name, option] of Object.entries(STRIPE_OPTION_ATTRIBUTES)) {
    const value = read(name);
    if (value !== null) stripeOptions[option] = value;
  }
  // publishableKey may be absent: the button refuses that as invalid_key, as it would the prop.
  return { ...props, stripeOptions } as unknown as AttributeProps;
}

/** The button's props: the attributes, the properties, and `stripeOptions` merged (an attribute wins over the property's field). */
export function elementProps(attributes: AttributeProps, properties: ElementProperties): CheckoutButtonProps {
  const stripeOptions = { ...properties.stripeOptions, ...attributes.stripeOptions };
  return { ...properties, ...attributes, stripeOptions: Object.keys(stripeOptions).length ? stripeOptions : undefined };
}
