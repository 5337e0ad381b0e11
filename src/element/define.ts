import { CheckoutButtonElement } from './CheckoutButtonElement';
import { ELEMENT_NAME } from './name';

/**
 * Defines <checkout-button> unless a copy of this script already did (two tags with different URLs
 * are two copies, each run once): the first definition serves every element of the page.
 */
export function defineCheckoutButton(registry: CustomElementRegistry = customElements): void {
  if (!registry.get(ELEMENT_NAME)) registry.define(ELEMENT_NAME, CheckoutButtonElement);
}
