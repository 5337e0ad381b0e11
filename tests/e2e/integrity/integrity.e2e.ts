// Release trust, in Chromium: only the bytes a release was built with run. One browser for the whole
// concern; each part is its own module of this folder, given the suite's page opener:
// - releaseStamp.ts: the release the served manifest names is the one the remote reports at runtime;
// - inventory.ts: the signed release-inventory.json against the bytes the server sends;
// - chunks.ts: a chunk changed on its way to the host example: refused, reported, the person pays;
// - verifiedByDefault.ts: the host example's integration as a team copies it refuses a changed file;
// - pinnedFederation.ts: a federation page that runs only a verified release (pinned or by channel);
// - pinnedElement.ts: `<checkout-button>` pinned by `integrity`.
// What a changed file does, and how a test sees it ran: ../support/tampering.ts.
import { e2eSuite, useBrowser, usePages } from '../support/harness';
import { describeChunkIntegrity } from './chunks';
import { describeInventory } from './inventory';
import { describePinnedElement } from './pinnedElement';
import { describePinnedFederation } from './pinnedFederation';
import { describeReleaseStamp } from './releaseStamp';
import { describeVerifiedByDefault } from './verifiedByDefault';

e2eSuite('release trust: only the bytes of a release run', () => {
  const browser = useBrowser();
  const open = usePages(browser);

  describeReleaseStamp(open);
  describeInventory();
  describeChunkIntegrity(open);
  describeVerifiedByDefault(open);
  describePinnedFederation(open);
  describePinnedElement(open);
});
