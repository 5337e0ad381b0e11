// The checkout form's look: the button's box, so nothing moves when the button takes its place.
import '@checkout/host-kit/checkoutFallback.css';
import { createApp } from 'vue';
import App from './App.vue';

// ?props=<json>: the button's props (here from the test; yours are your page's).
const buttonProps = JSON.parse(new URLSearchParams(location.search).get('props') || '{}');
window.vueApp = createApp(App, { buttonProps });
window.vueApp.mount('#root');
