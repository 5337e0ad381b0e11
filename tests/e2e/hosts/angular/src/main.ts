import { bootstrapApplication } from '@angular/platform-browser';
import { loadCheckoutElement } from '@checkout/host-kit/element';
import { App } from './app/app';

bootstrapApplication(App).catch((error: unknown) => console.error(error));

// The element's file (index.html's preload) run as soon as it is in, never holding the page's `load`;
// a remote that fails or never answers is reported, and the form stays. After the app's start: nothing
// here can keep the page from starting.
const remote = document.getElementById('checkout-element') as HTMLLinkElement;
loadCheckoutElement({ src: remote.href, integrity: (remote.integrity || 'off') as 'off' }).catch((error: Error) => {
  console.warn(`checkout: ${error.message}`); // the form stays: it pays without the remote
});
