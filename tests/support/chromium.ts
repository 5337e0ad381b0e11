// Debian's Chromium, as the browser tests and the bench launch it (playwright-core never downloads one).

/** As root it needs --no-sandbox; the rest keeps it from calling home on this closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
