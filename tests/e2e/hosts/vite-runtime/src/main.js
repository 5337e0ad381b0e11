// The checkout form's look: the button's box, so nothing moves when the button takes its place.
import '@checkout/host-kit/checkoutFallback.css';
import('./bootstrap');
