// A refused payment form is answered with a page a person can read, never JSON: one sentence in their
// language (Accept-Language), the language on <html>, and a link back to the page they came from.
// The page runs nothing: its CSP allows its one inline style, by hash, and no script.
import { createHash } from 'node:crypto';
import { bytesResponse } from '../http/http';
import { languageOfRequest } from './acceptLanguage';
import { REFUSAL_TEXTS, type RefusalReason } from './refusalTexts';
import type { Language } from '../../src/i18n/languages';

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#1a1a1a;background:#fff}' +
  'main{max-width:32rem;margin:0 auto}h1{font-size:1.25rem}a{color:#0a58ca}';

export const REFUSAL_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Where "back" leads: the page that posted the form when it is one of the allowed origins' (the
 * Referer), otherwise the root of this site. Never a page of another site, never a `javascript:` URL.
 */
export function backLink(referer: string | null | undefined, isAllowedOrigin: (origin: string) => boolean): string {
  try {
    const url = new URL(referer ?? '');
    if ((url.protocol === 'https:' || url.protocol === 'http:') && isAllowedOrigin(url.origin)) return url.href;
  } catch {
    // No Referer, or not a URL.
  }
  return '/';
}

/** A page's sentences per language: the payment form's (refusalTexts.ts), or another route's (the account page's). */
export type RefusalTable<R extends string> = Readonly<Record<Language, Record<R | 'title' | 'back', string>>>;

export interface RefusalPage<R extends string = RefusalReason> {
  status: number;
  reason: R;
  /** The sentences to say it with: the payment form's by default. */
  texts?: RefusalTable<R>;
  /** Retry-After, in seconds (429): said in the sentence and in the header. */
  retryAfterSeconds?: number;
  /** Headers the status needs (`Allow` for 405, `Connection: close` for 413). */
  headers?: Record<string, string>;
}

export function renderRefusal<R extends string = RefusalReason>(
  acceptLanguage: string | null | undefined,
  reason: R,
  back: string,
  seconds?: number,
  table: RefusalTable<R> = REFUSAL_TEXTS as unknown as RefusalTable<R>,
) {
  const lang = languageOfRequest(acceptLanguage);
  const texts = table[lang];
  const sentence = texts[reason].replace('{seconds}', String(seconds ?? ''));
  return {
    lang,
    html:
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
      `<title>${escapeHtml(texts.title)}</title><style>${STYLE}</style></head>` +
      `<body><main><h1>${escapeHtml(texts.title)}</h1><p>${escapeHtml(sentence)}</p>` +
      `<p><a href="${escapeHtml(back)}">${escapeHtml(texts.back)}</a></p></main></body></html>`,
  };
}

export function refusalResponse<R extends string = RefusalReason>(
  request: Request,
  back: string,
  { status, reason, texts, retryAfterSeconds, headers = {} }: RefusalPage<R>,
): Response {
  const { html, lang } = renderRefusal(request.headers.get('accept-language'), reason, back, retryAfterSeconds, texts);
  return bytesResponse(status, html, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Language': lang,
    'Content-Security-Policy': REFUSAL_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
    'Cache-Control': 'no-store',
    // The page differs by language: a cache in between must not serve one person's to another.
    Vary: 'Accept-Language',
    ...(retryAfterSeconds !== undefined ? { 'Retry-After': String(retryAfterSeconds) } : {}),
    ...headers,
  });
}
