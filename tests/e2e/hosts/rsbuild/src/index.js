// The async boundary: shared modules are negotiated before the app's first import of React.
import('./bootstrap');
