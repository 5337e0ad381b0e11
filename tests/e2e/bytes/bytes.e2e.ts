// What the remote costs a page in bytes (gzip -9, the files as served): deterministic, so budgets and
// a documented table rather than a benchmark. One browser for the whole concern; each part is its own
// module of this folder:
// - federated.ts: a federated host's bytes before the button, against its budget (docs/performance.md);
// - element.ts: `<checkout-button>`'s files per mode, until shown and until idle, against docs/element.md's table.
// (element.e2e.ts checks the element's own budget, 35,000 B before it is usable, within its upgrade scenario.)
import { e2eSuite, useBrowser, usePages } from '../support/harness';
import { describeElementCosts } from './element';
import { describeFederatedBytes } from './federated';

e2eSuite('bytes the remote costs a page', () => {
  const browser = useBrowser();
  const open = usePages(browser);

  describeFederatedBytes();
  describeElementCosts(open);
});
