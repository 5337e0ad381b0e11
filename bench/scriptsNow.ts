// The bench's `now` page replaces the host kit's afterPageLoad.ts with this at build time: the same
// exports, and nothing waits for the page's `load` (the remote's scripts go into the page when the
// runtime asks, as before the kit waited). What the wait costs a runtime host is `federated` against it.
import type * as Kit from '../packages/host-kit/src/afterPageLoad';

export { LOAD_WAIT_MS, WAITING_TYPE } from '../packages/host-kit/src/afterPageLoad';

export const pageLoaded: typeof Kit.pageLoaded = () => Promise.resolve();
export const runAfterPageLoad: typeof Kit.runAfterPageLoad = (script) => script;
export const scriptsAfterPageLoad: typeof Kit.scriptsAfterPageLoad = (plugin) => plugin;
