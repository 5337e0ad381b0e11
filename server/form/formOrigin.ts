// Which pages may post the payment form. A form post is a "simple" request: a page of any site can
// make a visitor's browser send one, with no preflight to stop it (cross-site request forgery).
// Forged posts would spend the shop's Stripe budget from every visitor's address (past any per-client
// limit) and land people on the shop's checkout from a page that said something else. The button's
// JSON needs a preflight, which a foreign page does not pass; the form needs this check.

export type OriginVerdict = { ok: true } | { ok: false; why: string };

/**
 * The browser's word first: `Sec-Fetch-Site` (no page can set it) refuses `cross-site` and vouches
 * for `same-origin`. Then `Origin` must be allowed: `null` (a sandboxed frame, an opaque origin) never
 * is. A request with neither header comes from no current browser (curl, a server, a very old
 * browser): no site can forge it from a visitor's browser, so it passes.
 */
export function checkFormOrigin(headers: Headers, isAllowed: (origin: string) => boolean): OriginVerdict {
  const site = headers.get('sec-fetch-site') ?? undefined;
  const origin = headers.get('origin') ?? undefined;
  if (site === 'cross-site') return { ok: false, why: 'Sec-Fetch-Site: cross-site' };
  if (site === 'same-origin') return { ok: true };
  if (origin === 'null') return { ok: false, why: 'Origin: null (an opaque origin)' };
  if (origin) return isAllowed(origin) ? { ok: true } : { ok: false, why: `Origin ${origin.slice(0, 100)} is not allowed` };
  // A same-site page of a browser that sends Sec-Fetch-Site always sends Origin; without it, which site is unknown.
  if (site === 'same-site') return { ok: false, why: 'Sec-Fetch-Site: same-site without Origin' };
  return { ok: true };
}

/** An origin as browsers send it: scheme, host, port, nothing else. */
function parseOrigin(text: string): string {
  const trimmed = text.trim().replace(/\/$/, '');
  let url: URL | null = null;
  try {
    url = new URL(trimmed);
  } catch {
    // reported below
  }
  if (!url || url.origin !== trimmed || !/^https?:$/.test(url.protocol)) {
    throw new Error(`FORM_ALLOWED_ORIGINS: "${text}" is not an origin (https://shop.example, no path).`);
  }
  return url.origin;
}

/**
 * `FORM_ALLOWED_ORIGINS=https://shop.example,https://www.shop.example` (comma-separated). Unset: the
 * return page's origin, where the shop's pages are. The server's own origin is always allowed.
 */
export function formOriginsFromEnv(env: NodeJS.ProcessEnv, returnPage: string): string[] {
  const listed = env.FORM_ALLOWED_ORIGINS?.split(',').filter((entry) => entry.trim() !== '');
  return listed?.length ? listed.map(parseOrigin) : [new URL(returnPage).origin];
}

/** `allowed`, plus this server's own origin as the request names it (its Host header). */
export function originAllowance(allowed: readonly string[], host: string | null | undefined): (origin: string) => boolean {
  return (origin) => {
    if (allowed.includes(origin)) return true;
    try {
      return !!host && new URL(origin).host === host;
    } catch {
      return false;
    }
  };
}
