/**
 * @jest-environment node
 */
import { pinPreloads } from '../../bench/verifiedPage';

const REMOTE = 'http://localhost:3091';
// The host example's head as its production build writes it (minified), with a chunk preload the bench adds.
const HTML =
  '<head><script defer fetchpriority=high src=/main.js></script>' +
  `<link rel=preload href=${REMOTE}/mf-manifest.json as=fetch crossorigin=anonymous>` +
  `<link rel=preload href=${REMOTE}/remoteEntry.js as=script>` +
  `<link rel="preload" href="${REMOTE}/545.abc.js" as="script" /><style>p{}</style></head>`;
const INTEGRITY = new Map([
  ['remoteEntry.js', 'sha384-entry'],
  ['545.abc.js', 'sha384-chunk'],
  ['mf-manifest.json', 'sha384-manifest'],
]);

describe("the verified page's preloads", () => {
  const page = pinPreloads(HTML, REMOTE, INTEGRITY);

  it("give every script preload of the remote its inventory integrity and crossorigin, as the verified runtime's tags have", () => {
    expect(page).toContain(`<link rel=preload href="${REMOTE}/remoteEntry.js" as=script crossorigin="anonymous" integrity="sha384-entry">`);
    expect(page).toContain(`<link rel="preload" href="${REMOTE}/545.abc.js" as="script" crossorigin="anonymous" integrity="sha384-chunk">`);
  });

  it("leave the manifest's fetch preload as it is (the plugin fetches it without integrity) and preload the inventory and its signature beside it", () => {
    expect(page).toContain(
      `<link rel=preload href=${REMOTE}/mf-manifest.json as=fetch crossorigin=anonymous>` +
        `<link rel="preload" href="${REMOTE}/release-inventory.json" as="fetch" crossorigin="anonymous">` +
        `<link rel="preload" href="${REMOTE}/release-inventory.json.sig" as="fetch" crossorigin="anonymous">`,
    );
    expect(page).toContain('src=/main.js');
  });

  it('refuse a page that preloads a script the release does not list', () => {
    expect(() => pinPreloads(HTML, REMOTE, new Map([['remoteEntry.js', 'sha384-entry']]))).toThrow(
      '545.abc.js is preloaded by the page but not in the release inventory',
    );
  });
});
