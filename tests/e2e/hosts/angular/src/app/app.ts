import { Component } from '@angular/core';
import { CheckoutButton } from './checkout-button';

// ?props=<json>: the button's props (here from the test; yours are your page's).
const props = JSON.parse(new URLSearchParams(location.search).get('props') ?? '{}') as {
  publishableKey?: string;
  sessionEndpoint?: string;
};

@Component({
  selector: 'app-root',
  imports: [CheckoutButton],
  template: `
    <main>
      <h1>Angular host, no React</h1>
      <app-checkout-button [publishableKey]="props.publishableKey" [sessionEndpoint]="props.sessionEndpoint" />
    </main>
  `,
})
export class App {
  protected readonly props = props;
}
