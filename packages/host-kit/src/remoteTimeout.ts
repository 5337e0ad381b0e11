// The timeouts as a build-time runtime plugin: `runtimePlugins: [require.resolve('@checkout/host-kit/remoteTimeout')]`,
// or `[path, { remote, timeoutMs }]` (the bundler passes the object to this function).
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { remoteTimeouts, type RemoteTimeoutsOptions } from './remoteTimeouts.js';

export type { RemoteTimeoutsOptions } from './remoteTimeouts.js';

// Typed from the peer the host installs: inferred, the declaration would name runtime-core, which it need not have.
export default function remoteTimeout(options?: RemoteTimeoutsOptions): ModuleFederationRuntimePlugin {
  return remoteTimeouts(options);
}
