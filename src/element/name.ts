/** The custom element's tag name, in the tiny entry and in the chunk that defines it. */
export const ELEMENT_NAME = 'checkout-button';
