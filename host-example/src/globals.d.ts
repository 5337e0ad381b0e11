/** The remote's manifest URL the host was built with (REMOTE_URL); `?remote=` overrides it. */
declare const __REMOTE_URL__: string;
