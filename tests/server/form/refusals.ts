// A refused payment form is a page a person can read: HTML in their language with a way back, a CSP
// that runs nothing, never JSON; a form posted from another site is refused with 403 (cross-site
// request forgery), and a client past its limit gets 429 with Retry-After. Stripe is asked nothing.
import net from 'node:net';
import Stripe from 'stripe';
import { MAX_BODY_BYTES } from '../../../server/http/http';
import { CHECKOUT_PATHS } from '../../../server/routes';
import { stripeForStandIn } from '../../../stand-ins/stripeApi';
import { postForm, serveFormRoutes, SHOP, type FormServerFixture, person, COFFEE } from '../support/formServer';

export function describeRefusals(form: FormServerFixture): void {
  /**
   * A form's post on a raw socket (the head's other lines given, then `body`, sent at once), and all the
   * server sent back before it closed the connection.
   */
  function rawPost(url: string, headers: string, body: Buffer | string): Promise<string> {
    const { hostname, port } = new URL(url);
    return new Promise<string>((resolve) => {
      const socket = net.connect(Number(port), hostname);
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('error', () => {});
      socket.on('close', () => resolve(received));
      socket.write(
        `POST ${CHECKOUT_PATHS.sessions} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/x-www-form-urlencoded\r\n${headers}\r\n\r\n`,
      );
      socket.write(body);
    });
  }

  /** The refusal as a person's browser shows it: an HTML page, never JSON, that runs nothing. */
  async function page(res: Response) {
    const html = await res.text();
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(() => JSON.parse(html)).toThrow();
    expect(html).toMatch(/^<!doctype html><html lang="\w\w">/);
    expect(html).not.toMatch(/<script/i);
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-[\w+/=]+';/);
    const lang = /<html lang="(\w\w)">/.exec(html)![1];
    const back = /<a href="([^"]*)">/.exec(html)?.[1];
    const sentence = /<p>([^<]*)<\/p>/.exec(html)?.[1];
    return { html, lang, back, sentence };
  }

  describe('a form posted from another site is refused with 403 (cross-site request forgery)', () => {
    it.each<[string, Record<string, string>]>([
      ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' }],
      ['Sec-Fetch-Site: cross-site, even with an allowed Origin', { 'Sec-Fetch-Site': 'cross-site' }],
      [
        'an Origin not allowed (same-site by the browser: a sibling subdomain)',
        { 'Sec-Fetch-Site': 'same-site', Origin: 'https://user-content.shop.example' },
      ],
      ['an Origin not allowed, from a browser that sends no Sec-Fetch-Site', { 'Sec-Fetch-Site': '', Origin: 'https://evil.example' }],
      ['Origin: null (a sandboxed frame)', { 'Sec-Fetch-Site': '', Origin: 'null' }],
    ])('%s: 403, a page that says why, and Stripe is not asked', async (_name, headers) => {
      const calls = form.standIn.requests.length;
      const res = await postForm(form.server.url, COFFEE, { ...person(), ...headers });
      expect(res.status).toBe(403);
      expect((await page(res)).sentence).toMatch(/sent from another website/);
      expect(form.standIn.requests.length).toBe(calls);
    });

    it.each<[string, Record<string, string>]>([
      ["the shop's origin (the return page's), same-site", {}],
      [
        'this server itself, same-origin by the browser',
        { 'Sec-Fetch-Site': 'same-origin', Origin: 'http://this-server-as-the-browser-saw-it' },
      ],
      ["this server's own origin by its Host, from a browser that sends no Sec-Fetch-Site", { 'Sec-Fetch-Site': '', Origin: '__SELF__' }],
      [
        'neither Origin nor Sec-Fetch-Site (curl, an old browser: no site can forge it from a visitor)',
        { 'Sec-Fetch-Site': '', Origin: '' },
      ],
    ])('%s: 303 to Stripe', async (_name, headers) => {
      const origin = headers.Origin === '__SELF__' ? form.server.url : headers.Origin;
      const res = await postForm(form.server.url, COFFEE, { ...person(), ...headers, ...(origin !== undefined ? { Origin: origin } : {}) });
      expect(res.status).toBe(303);
    });

    it("FORM_ALLOWED_ORIGINS replaces the default: a listed origin passes, the return page's no longer does", async () => {
      const listed = await serveFormRoutes({
        stripe: stripeForStandIn(form.standIn),
        db: form.store.db,
        formOrigins: ['https://www.shop.example'],
      });
      try {
        expect((await postForm(listed.url, COFFEE, { ...person(), Origin: 'https://www.shop.example' })).status).toBe(303);
        expect((await postForm(listed.url, COFFEE, { ...person(), Origin: SHOP })).status).toBe(403);
      } finally {
        await listed.close();
      }
    });
  });

  describe("a refusal is a page in the person's language with a link back, never JSON", () => {
    it('a bad product, for Accept-Language: fr: 400, lang="fr", a French sentence, a link back to the form\'s page', async () => {
      const res = await postForm(form.server.url, { productId: 'caviar' }, { ...person(), 'Accept-Language': 'fr' });
      expect(res.status).toBe(400);
      const { lang, back, sentence, html } = await page(res);
      expect(lang).toBe('fr');
      expect(res.headers.get('content-language')).toBe('fr');
      expect(sentence).toBe('La boutique ne vend pas (ou plus) ce produit\u00a0: aucun paiement n’a été lancé.');
      expect(html).toContain('<title>Votre paiement n’a pas démarré</title>');
      expect(back).toBe(`${SHOP}/coffee`);
      expect(html).toContain('>Retour à la boutique</a>');
    });

    it.each([
      ['fr-CH, fr;q=0.9, en;q=0.8', 'fr'],
      ['pt-BR', 'pt'],
      ['zh-CN, de;q=0.5, ja;q=0.7', 'ja'],
      ['ja;q=0, nl', 'nl'],
      ['zh-TW', 'en'],
      ['', 'en'],
    ])('Accept-Language: %p reads in %s', async (accept, expected) => {
      const res = await postForm(form.server.url, { productId: 'caviar' }, { ...person(), 'Accept-Language': accept });
      expect((await page(res)).lang).toBe(expected);
    });

    it("the link back is / when the Referer is another site's page (never a link away)", async () => {
      const res = await postForm(
        form.server.url,
        { productId: 'caviar' },
        { ...person(), Referer: 'https://evil.example/x', 'Sec-Fetch-Site': 'same-origin' },
      );
      expect((await page(res)).back).toBe('/');
    });

    it.each<[string, number, Record<string, string>, Record<string, string>, string, RegExp]>([
      ['a bad mode', 400, { ...COFFEE, mode: 'hosted_page' }, {}, 'POST', /not set up correctly/],
      ['no productId', 400, { amount: '1' }, {}, 'POST', /not set up correctly/],
      ['a formKey that is not one', 400, { ...COFFEE, formKey: 'short' }, {}, 'POST', /not set up correctly/],
      ['the text/plain encoding', 415, COFFEE, { 'Content-Type': 'text/plain' }, 'POST', /not set up correctly/],
      ['a form without method="post" (a navigation)', 405, {}, {}, 'GET', /pay button, not from this address/],
    ])('%s: %i, a page, Stripe not asked', async (_name, status, fields, headers, method, sentence) => {
      const calls = form.standIn.requests.length;
      const res = await postForm(form.server.url, fields, { ...person(), ...headers }, method);
      expect(res.status).toBe(status);
      expect((await page(res)).sentence).toMatch(sentence);
      if (status === 405) expect(res.headers.get('allow')).toBe('POST');
      expect(form.standIn.requests.length).toBe(calls);
    });

    it('a body over the limit: 413, a page, then the server closes', async () => {
      const size = 2 * MAX_BODY_BYTES;
      const text = await rawPost(form.server.url, `Accept-Language: de\r\nContent-Length: ${size}`, Buffer.alloc(size, 'a'));
      expect(text).toMatch(/^HTTP\/1\.1 413 /);
      expect(text).toMatch(/\r\ncontent-type: text\/html; charset=utf-8\r\n/i);
      expect(text).toMatch(/\r\nconnection: close\r\n/i);
      expect(text).toContain('<html lang="de">');
    });

    it('a body that stalls: 408, a page that says to check the connection, then the server closes', async () => {
      const slow = await serveFormRoutes({ stripe: stripeForStandIn(form.standIn), db: form.store.db, bodyTimeoutMs: 300 });
      try {
        const text = await rawPost(slow.url, 'Accept-Language: it\r\nContent-Length: 100', 'productId=');
        expect(text).toMatch(/^HTTP\/1\.1 408 /);
        expect(text).toMatch(/\r\ncontent-type: text\/html; charset=utf-8\r\n/i);
        expect(text).toMatch(/\r\nconnection: close\r\n/i);
        expect(text).toContain('<html lang="it">');
        expect(text).toContain('Controlla la connessione e riprova.');
      } finally {
        await slow.close();
      }
    });

    it("Stripe refusing the server's key: 502, a page that says the shop's set-up is broken (no try again), no key", async () => {
      const bad = await serveFormRoutes({
        stripe: new Stripe('sk_live_secretValue1234', {
          host: '127.0.0.1',
          port: form.standIn.port,
          protocol: 'http',
          maxNetworkRetries: 0,
        }),
        db: form.store.db,
      });
      try {
        const res = await postForm(bad.url, COFFEE, person());
        expect(res.status).toBe(502);
        const { html, sentence } = await page(res);
        expect(sentence).toMatch(/payment set-up is broken/);
        expect(sentence).not.toMatch(/try again/i);
        expect(html).not.toMatch(/sk_live|secretValue|STRIPE/);
      } finally {
        await bad.close();
      }
    });

    it('Stripe out of reach: 502, a page that says to try again in a few minutes', async () => {
      const away = await serveFormRoutes({
        stripe: new Stripe('sk_test_standIn', { host: '127.0.0.1', port: 9, protocol: 'http', maxNetworkRetries: 0 }),
        db: form.store.db,
      });
      try {
        const res = await postForm(away.url, COFFEE, person());
        expect(res.status).toBe(502);
        expect((await page(res)).sentence).toMatch(/could not be reached just now\. Please try again in a few minutes/);
      } finally {
        await away.close();
      }
    });

    it('past its limit a client gets 429, Retry-After, and a page that says how long to wait', async () => {
      const limited = await serveFormRoutes({
        stripe: stripeForStandIn(form.standIn),
        db: form.store.db,
        rateLimit: { sessions: { burst: 2, perMinute: 6 }, walletSessions: false, status: false },
      });
      try {
        expect((await postForm(limited.url, COFFEE, person())).status).toBe(303);
        expect((await postForm(limited.url, COFFEE, person())).status).toBe(303);
        const calls = form.standIn.requests.length;
        const res = await postForm(limited.url, COFFEE, { ...person(), 'Accept-Language': 'fr' });
        expect(res.status).toBe(429);
        const wait = res.headers.get('retry-after');
        expect(wait).toMatch(/^(9|10)$/);
        expect((await page(res)).sentence).toBe(
          `Trop de paiements ont été lancés depuis votre connexion. Veuillez patienter ${wait}\u00a0secondes, puis réessayer.`,
        );
        expect(form.standIn.requests.length).toBe(calls);
      } finally {
        await limited.close();
      }
    });
  });
}
