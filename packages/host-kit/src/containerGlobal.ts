// The federation runtime finds a remote's container as a global (`globalThis[entryGlobalName]`) and
// requests the remote's entry only while that global is empty. The browser's named access makes an
// element with that id (or name) such a global: `<div id="checkout">` is `window.checkout`, which the
// runtime takes for the container and fails (RUNTIME-002, "does not contain init") without ever
// requesting the entry. An own, empty global of that name shadows the element: the runtime requests
// the entry, and the entry's `var checkout` fills it.
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { isRemote } from './isRemote.js';

/** What named access puts on `window`: an element, several (a collection), or a named frame's window. */
function isNamedAccess(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || value === globalThis) return false;
  if (typeof Element !== 'undefined' && value instanceof Element) return true;
  if (typeof HTMLCollection !== 'undefined' && value instanceof HTMLCollection) return true;
  return (value as { window?: unknown }).window === value; // a frame's WindowProxy
}

/** Shadows a page element that stands where the container global `name` goes; true if there was one. */
export function shadowNamedElement(name: string): boolean {
  if (!isNamedAccess((globalThis as Record<string, unknown>)[name])) return false;
  Object.defineProperty(globalThis, name, { value: undefined, writable: true, configurable: true, enumerable: true });
  return true;
}

type LoadEntry = NonNullable<ModuleFederationRuntimePlugin['loadEntry']>;

/**
 * A `loadEntry` hook for a plugin of `remote`: the container global is cleared of a page element just
 * before the runtime looks for the container (its name is the manifest's, known only then). It loads
 * nothing itself: the runtime goes on as without it.
 */
export function containerGlobalHook(remote: string): LoadEntry {
  return ({ remoteInfo }) => {
    if (isRemote(remoteInfo, remote)) shadowNamedElement(remoteInfo.entryGlobalName || remote);
  };
}
