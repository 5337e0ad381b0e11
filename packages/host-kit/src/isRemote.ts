// Which remote a federation runtime hook is about. A bundler may register the remote under a name of
// its own and keep the configured one as its alias (@module-federation/vite 1.23:
// `__mfe_internal__vite_host__…__checkout`, alias `checkout`): either names it. Matching the name
// alone left such a remote unverified and unbounded.

/** What the runtime's hooks say of a remote (its `Remote` or `RemoteInfo`). */
export interface NamedRemote {
  name?: string;
  alias?: string;
}

export function isRemote(info: NamedRemote | null | undefined, remote: string): boolean {
  return !!info && (info.name === remote || info.alias === remote);
}
