// The timeouts as a build-time runtime plugin: `runtimePlugins: [require.resolve('@checkout/host-kit/remoteTimeout')]`,
// or `[path, { remote, timeoutMs }]` (the bundler passes the object to this function).
import { remoteTimeouts, type RemoteTimeoutsOptions } from './remoteTimeouts.js';

export type { RemoteTimeoutsOptions } from './remoteTimeouts.js';

export default function remoteTimeout(options?: RemoteTimeoutsOptions) {
  return remoteTimeouts(options);
}
