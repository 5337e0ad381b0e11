// <checkout-button>: CheckoutButton as a custom element, rendered by `mount` (the remote's own
// renderer) into an open shadow root. The shadow root has no <slot>: the element's light-DOM
// children (a server-rendered fallback link) show until the button is there, and are hidden after.
import { mount } from '../exposes/mount';
import type { CheckoutButtonProps, MountedCheckout } from '../core/types';
import { elementProps, ELEMENT_PROPERTIES, OBSERVED_ATTRIBUTES, propsFromAttributes, type ElementProperties } from './attributes';
import { dispatcherFor, eventProps, type EventProps } from './events';
import type { HTMLCheckoutButtonElement } from './elementTypes';

export class CheckoutButtonElement extends HTMLElement implements HTMLCheckoutButtonElement {
  static get observedAttributes(): readonly string[] {
    return OBSERVED_ATTRIBUTES;
  }

  private properties: ElementProperties = {};
  private mounted: MountedCheckout | null = null;
  private scheduled = false;
  private readonly events: EventProps = eventProps(dispatcherFor(this), (url) => window.location.assign(url));

  constructor() {
    super();
    // A page may set properties before this script arrives: they are own properties of the
    // element then, hiding our accessors. Take them over.
    for (const name of ELEMENT_PROPERTIES) {
      if (!Object.prototype.hasOwnProperty.call(this, name)) continue;
      const value = (this as Record<string, unknown>)[name];
      delete (this as Record<string, unknown>)[name];
      (this as Record<string, unknown>)[name] = value;
    }
  }

  connectedCallback(): void {
    this.schedule();
  }

  disconnectedCallback(): void {
    this.schedule();
  }

  attributeChangedCallback(): void {
    this.schedule();
  }

  get createSession(): CheckoutButtonProps['createSession'] {
    return this.properties.createSession;
  }
  set createSession(value: CheckoutButtonProps['createSession']) {
    this.setProperty('createSession', value);
  }

  get sessionBody(): CheckoutButtonProps['sessionBody'] {
    return this.properties.sessionBody;
  }
  set sessionBody(value: CheckoutButtonProps['sessionBody']) {
    this.setProperty('sessionBody', value);
  }

  /** A cart: `[{ productId, quantity }]` (CheckoutButtonProps.lines). */
  get lines(): CheckoutButtonProps['lines'] {
    return this.properties.lines;
  }
  set lines(value: CheckoutButtonProps['lines']) {
    this.setProperty('lines', value);
  }

  /** What a click buys, said on the button (CheckoutButtonProps.price). */
  get price(): CheckoutButtonProps['price'] {
    return this.properties.price;
  }
  set price(value: CheckoutButtonProps['price']) {
    this.setProperty('price', value);
  }

  get messages(): CheckoutButtonProps['messages'] {
    return this.properties.messages;
  }
  set messages(value: CheckoutButtonProps['messages']) {
    this.setProperty('messages', value);
  }

  get stripeOptions(): CheckoutButtonProps['stripeOptions'] {
    return this.properties.stripeOptions;
  }
  set stripeOptions(value: CheckoutButtonProps['stripeOptions']) {
    this.setProperty('stripeOptions', value);
  }

  private setProperty<K extends keyof ElementProperties>(name: K, value: ElementProperties[K]): void {
    this.properties = { ...this.properties, [name]: value };
    this.schedule();
  }

  /**
   * Renders once per task: a page that appends the element and then sets its attributes and
   * properties gets one render with all of them, not a first one missing its key. A move (removed
   * and inserted in one task) keeps the button as it is.
   */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      try {
        this.sync();
      } catch (error) {
        this.showFallback(error);
      }
    });
  }

  private sync(): void {
    if (!this.isConnected) {
      this.unmount();
      return;
    }
    const props: CheckoutButtonProps = {
      ...elementProps(
        propsFromAttributes((name) => this.readAttribute(name)),
        this.properties,
      ),
      ...this.events,
    };
    if (this.mounted) {
      this.mounted.update(props);
      return;
    }
    const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    const container = this.ownerDocument.createElement('div');
    shadow.replaceChildren(container);
    this.mounted = mount(container, props);
  }

  /**
   * An attribute's value; for `nonce`, the element's `nonce` property: under a CSP sent as a header
   * the browser hides the attribute (it reads "") and keeps the value in the property only.
   */
  private readAttribute(name: string): string | null {
    if (name === 'nonce') return this.nonce || this.getAttribute(name);
    return this.getAttribute(name);
  }

  private unmount(): void {
    const mounted = this.mounted;
    this.mounted = null;
    mounted?.unmount();
    this.shadowRoot?.replaceChildren();
  }

  /** Never an exception into the page: the light-DOM children come back (a <slot>), and the console says why. */
  private showFallback(error: unknown): void {
    try {
      this.unmount();
    } catch {
      // the renderer is already broken: its tree goes with the container below
    }
    this.shadowRoot?.replaceChildren(this.ownerDocument.createElement('slot'));
    console.error('<checkout-button> could not render; its own content is shown instead.', error);
  }
}
