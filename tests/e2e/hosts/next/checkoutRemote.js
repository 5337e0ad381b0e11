// Where the checkout remote is served (your CDN's URL instead of http://localhost:3001).
export const CHECKOUT_ORIGIN = 'http://localhost:3001';
export const CHECKOUT_MANIFEST = `${CHECKOUT_ORIGIN}/mf-manifest.json`;
