// <checkout-button> as TypeScript sees it on a host's page: the element's properties, its typed
// `checkout-*` events, its tag in `document.createElement`/`querySelector`, and its JSX entry for
// React hosts. The element's class implements this interface, so the two cannot drift apart.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { CheckoutButtonProps } from '../core/types';
import type { CheckoutButtonAttributeName, ElementProperties, ElementPropertyName } from './attributes';
import type { CheckoutElementEvents } from './events';

/** The element's own events (each a `CustomEvent` whose `detail` `CheckoutElementEvents` names), beside HTML's. */
export type CheckoutButtonElementEventMap = HTMLElementEventMap & {
  [K in keyof CheckoutElementEvents]: CustomEvent<CheckoutElementEvents[K]>;
};

type Listener<K extends keyof CheckoutButtonElementEventMap> = (
  this: HTMLCheckoutButtonElement,
  event: CheckoutButtonElementEventMap[K],
) => unknown;

/** What only a property can carry (a function, an object): each may be set before the element is defined. */
export type CheckoutButtonProperties = { [K in ElementPropertyName]: CheckoutButtonProps[K] };

/** `<checkout-button>`: its attributes are strings (`CheckoutButtonAttributeName`), its properties `CheckoutButtonProperties`. */
export interface HTMLCheckoutButtonElement extends HTMLElement, CheckoutButtonProperties {
  addEventListener<K extends keyof CheckoutButtonElementEventMap>(
    type: K,
    listener: Listener<K>,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof CheckoutButtonElementEventMap>(
    type: K,
    listener: Listener<K>,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

/** The attributes in markup (`disabled` is HTML's boolean attribute: present is true). */
export type CheckoutButtonAttributes = { [K in Exclude<CheckoutButtonAttributeName, 'disabled'>]?: string } & { disabled?: boolean };

/** React 19 sets a custom element's known properties from JSX, so the properties are props too. */
export type CheckoutButtonJsxProps = DetailedHTMLProps<HTMLAttributes<HTMLCheckoutButtonElement>, HTMLCheckoutButtonElement> &
  CheckoutButtonAttributes &
  ElementProperties;

declare global {
  interface HTMLElementTagNameMap {
    'checkout-button': HTMLCheckoutButtonElement;
  }
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'checkout-button': CheckoutButtonJsxProps;
    }
  }
}
