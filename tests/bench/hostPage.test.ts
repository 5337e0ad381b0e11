/**
 * @jest-environment node
 */
import { editPage, withoutPageForm } from '../../bench/hostPage';

const REMOTE = 'http://localhost:3091';
// The host example's head as its production build writes it: minified, attribute quotes dropped; it
// preloads the remote's manifest, not its entry (the verifier asks for that with its integrity).
const HTML =
  '<head><title>t</title><script defer fetchpriority=high src=/main.js></script>' +
  '<link rel=preload href=https://js.stripe.com/endive/stripe.js as=script>' +
  `<link rel=preload href=${REMOTE}/mf-manifest.json as=fetch crossorigin=anonymous>` +
  `<link rel=preconnect href=${REMOTE} crossorigin=anonymous><style>p{}</style></head>`;
const CHUNK =
  `<link rel="preload" href="${REMOTE}/remoteEntry.js" as="script" />` +
  `<link rel="preload" href="${REMOTE}/__federation_expose_CheckoutButton.0123456789.js" as="script" />`;
const edits = { dropStripe: false, dropRemote: false, remoteUrl: REMOTE, chunkLinks: '' };

describe("the bench's edits of the host example's HTML", () => {
  it('serves the page as built when no flag is given', () => {
    expect(editPage(HTML, edits)).toBe(HTML);
  });

  it("adds the entry's and the button's chunk preloads right after the manifest's", () => {
    const page = editPage(HTML, { ...edits, chunkLinks: CHUNK });
    expect(page).toContain(`mf-manifest.json as=fetch crossorigin=anonymous>${CHUNK}<link rel=preconnect`);
  });

  it('adds nothing to a page without the remote (direct), and says so when a page with it preloads no manifest', () => {
    const direct = HTML.replace(/<link rel=preload href=http:\/\/localhost:3091[^>]*>|<link rel=preconnect[^>]*>/g, '');
    expect(editPage(direct, { ...edits, chunkLinks: CHUNK })).toBe(direct);
    const noManifest = HTML.replace(/<link rel=preload href=http:\/\/localhost:3091[^>]*>/, '');
    expect(() => editPage(noManifest, { ...edits, chunkLinks: CHUNK })).toThrow('editPage needs updating');
  });

  it("--no-stripe-preload takes out the page's Stripe.js tag and nothing else", () => {
    const page = editPage(HTML, { ...edits, dropStripe: true });
    expect(page).not.toContain('js.stripe.com');
    expect(page).toContain('src=/main.js');
    expect(page).toContain('mf-manifest.json');
  });

  it("--no-remote-preload takes out the remote's preloads, and adds no chunk preload", () => {
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
