// The async boundary: shared modules (React) are negotiated before anything imports them.
import('./standalonePage');
