// The remote's container first (it must exist when webpack initialises the share scope), then the
// async boundary: shared modules are negotiated before the app's first import of React.
import './checkoutContainer';
import('./bootstrap');
