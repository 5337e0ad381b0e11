// The async boundary: shared modules (React) are negotiated before anything imports them.
import('./standalonePage').catch((error: unknown) => {
  // A chunk that failed to load or threw: say so, rather than leave the rejection unhandled.
  console.error('checkout: the remote could not start.', error);
});
