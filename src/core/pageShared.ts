// What must be one per page across every copy of the remote, of any release, past and future (the
// Stripe.js load, its Trusted Types policy, the instances, the event stream): kept on the window under
// one symbol that is never renamed. Its shape is versioned inside it. The rules that let an older and
// a newer copy agree:
// - a field keeps its meaning for ever; a change of meaning is a new field, never a renamed symbol;
// - a copy adds the fields it knows that are missing, and never replaces one another copy made;
// - `shape` is the newest shape a copy on the page knows: a reader of an older shape uses what is
//   there (and checks for a member before relying on it, as the object may be an older copy's).
// Releases before this one kept each of these under a `/v2` symbol of its own: that object is
// adopted, and ours is published there, so such a copy and this one share it, whichever came first.

/** Never renamed: see above. */
const PAGE = Symbol.for('checkout.page');

/**
 * 3: this layout, `stripe` and `events` fields (v2 releases kept them under symbols of their own).
 * Bump it when a field is added, so a reader knows the newer fields may be present.
 */
export const PAGE_SHAPE = 3;

export interface SharedPage {
  shape: number;
  [field: string]: unknown;
}

type PageWindow = Record<symbol, unknown>;

/** The page's shared record (created by the first copy that asks). Browser only. */
export function sharedPage(): SharedPage {
  const w = window as unknown as PageWindow;
  const page = (w[PAGE] ??= { shape: PAGE_SHAPE }) as SharedPage;
  if (!(page.shape >= PAGE_SHAPE)) page.shape = PAGE_SHAPE;
  return page;
}

/**
 * The page's one `field`: the one a copy already made, or the object an older release keeps under
 * `legacy`, or `create()`. Published under `legacy` too, so an older copy that arrives later joins it.
 */
export function sharedField<T>(field: string, create: () => T, legacy?: symbol): T {
  const page = sharedPage();
  const w = window as unknown as PageWindow;
  if (page[field] === undefined) page[field] = (legacy && w[legacy]) || create();
  if (legacy && w[legacy] === undefined) w[legacy] = page[field];
  return page[field] as T;
}

/** Tests only: forgets `field` (and its older symbol), as on a fresh page. */
export function forgetSharedField(field: string, legacy?: symbol): void {
  if (typeof window === 'undefined') return;
  const w = window as unknown as PageWindow;
  const page = w[PAGE] as SharedPage | undefined;
  if (page) delete page[field];
  if (legacy) delete w[legacy];
}
