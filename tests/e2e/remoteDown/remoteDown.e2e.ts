// Our remote down (connections refused, an error status, no answer, chunks that throw): the page shows
// its own content and the form that pays, keeps it, and a click on it lands on Stripe's hosted page.
// One browser for the whole concern; each part is its own module of this folder:
// - hostExample.ts: the host example's slot, its manifest or entry down;
// - everyHost.ts: every host of the matrix (support/matrixHosts.ts), the remote down four ways.
// How a remote that is down answers: ../support/remoteDown.ts.
import { e2eSuite, useBrowser, usePages } from '../support/harness';
import { describeEveryHost } from './everyHost';
import { describeHostExample } from './hostExample';

e2eSuite('our remote down: the form pays', () => {
  const browser = useBrowser();
  const open = usePages(browser);

  describeHostExample(open);
  describeEveryHost(open, browser);
});
