/**
 * @jest-environment node
 */
import { editPage, withoutPageForm } from '../../bench/hostPage';

const REMOTE = 'http://localhost:3091';
// The host example's head as its production build writes it: minified, attribute quotes dropped.
const HTML =
  '<head><title>t</title><script defer fetchpriority=high src=/main.js></script>' +
  '<script src=https://js.stripe.com/endive/stripe.js async></script>' +
  `<link rel=preload href=${REMOTE}/mf-manifest.json as=fetch crossorigin=anonymous>` +
  `<link rel=preload href=${REMOTE}/remoteEntry.js as=script><style>p{}</style></head>`;
const CHUNK = `<link rel="preload" href="${REMOTE}/__federation_expose_CheckoutButton.0123456789.js" as="script" />`;
const edits = { dropStripe: false, dropRemote: false, remoteUrl: REMOTE, chunkLinks: '' };

describe("the bench's edits of the host example's HTML", () => {
  it('serves the page as built when no flag is given', () => {
    expect(editPage(HTML, edits)).toBe(HTML);
  });

  it("adds the button's chunk preloads right after the entry's, before the page's styles", () => {
    const page = editPage(HTML, { ...edits, chunkLinks: CHUNK });
    expect(page).toContain(`remoteEntry.js as=script>${CHUNK}<style>`);
  });

  it("--no-stripe-preload takes out the page's Stripe.js tag and nothing else", () => {
    const page = editPage(HTML, { ...edits, dropStripe: true });
    expect(page).not.toContain('js.stripe.com');
    expect(page).toContain('src=/main.js');
    expect(page).toContain('mf-manifest.json');
  });

  it('--no-remote-preload takes out the manifest and entry preloads, and adds no chunk preload', () => {
    const page = editPage(HTML, { ...edits, dropRemote: true, chunkLinks: CHUNK });
    expect(page).not.toContain(REMOTE);
    expect(page).toContain('js.stripe.com');
    expect(page).toContain('src=/main.js');
  });
});

describe('the page without its form (the bench\'s "no form" page)', () => {
  const BODY =
    '<body><div id=root><main><h1>Your order</h1><form class=checkout-fallback method=post action=/api/checkout-sessions><button type=submit>Pay</button></form></main></div></body></html>';

  it('empties the root, so React renders the page and nothing pays before the script', () => {
    expect(withoutPageForm(`${HTML}${BODY}`)).toBe(`${HTML}<body><div id=root></div></body></html>`);
    expect(editPage(`${HTML}${BODY}`, { ...edits, dropForm: true })).not.toContain('<form');
  });

  it('says so when the page has no root with content to take out', () => {
    expect(() => withoutPageForm(`${HTML}<body><div id=root></div></body>`)).toThrow('withoutPageForm needs updating');
  });
});
