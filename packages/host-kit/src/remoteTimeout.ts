// The timeouts as a build-time runtime plugin: `runtimePlugins: [require.resolve('@checkout/host-kit/remoteTimeout')]`,
// or `[path, { remote, timeoutMs }]` (the bundler passes the object to this function).
import { ownContainerGlobal } from './containerGlobal.js';
import { DEFAULT_REMOTE, remoteTimeouts, type RemoteTimeoutsOptions } from './remoteTimeouts.js';

export type { RemoteTimeoutsOptions } from './remoteTimeouts.js';

export default function remoteTimeout(options?: RemoteTimeoutsOptions) {
  // A page element with the container's name (`id="checkout"`) does not stand in for the container.
  return ownContainerGlobal(remoteTimeouts(options), options?.remote ?? DEFAULT_REMOTE);
}
