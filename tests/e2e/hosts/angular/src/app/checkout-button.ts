// The remote's <checkout-button> in a standalone component. The element is defined by the remote's
// checkout-button.js (src/index.html), not by Angular: without CUSTOM_ELEMENTS_SCHEMA the build fails
// (NG8001: 'checkout-button' is not a known element). Plain values go in as attributes, objects as
// properties, and the button's callbacks come out as DOM events.
import { Component, CUSTOM_ELEMENTS_SCHEMA, input, signal } from '@angular/core';

@Component({
  selector: 'app-checkout-button',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <checkout-button
      [attr.publishable-key]="publishableKey()"
      [attr.session-endpoint]="sessionEndpoint()"
      label="Pay 12.00 €"
      [sessionBody]="{ productId: 'coffee-beans-1kg' }"
      (checkout-state)="onState($event)"
    >
      <!-- Shown until the button is there, and for good if the remote is down: a form that pays
           without any script (your server answers 303 to Stripe's hosted page). -->
      <form class="checkout-fallback" method="post" [attr.action]="sessionEndpoint()">
        <input type="hidden" name="productId" value="coffee-beans-1kg" />
        <input type="hidden" name="formKey" [value]="formKey" />
        <button type="submit">Pay 12.00 €</button>
      </form>
    </checkout-button>
    <p role="status">{{ status() }}</p>
  `,
})
export class CheckoutButton {
  readonly publishableKey = input.required<string | undefined>();
  readonly sessionEndpoint = input.required<string | undefined>();
  protected readonly status = signal('');
  /** This render's own key, so two people behind one address get two Checkout Sessions (docs/server/form.md). */
  protected readonly formKey = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );

  protected onState(event: Event): void {
    this.status.set(`Checkout ${(event as CustomEvent<{ state: string }>).detail.state}`);
  }
}
