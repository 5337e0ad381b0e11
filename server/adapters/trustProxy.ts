// Which proxies in front of this server may say who the client is. Behind a CDN and a load balancer,
// the socket's peer is the balancer and X-Forwarded-For lists the client, then each proxy it passed:
// only the entries added by proxies we trust are believed (proxy-addr walks the list from the socket
// back, stopping at the first address that is not a trusted proxy). The last entry alone would make
// every client of one CDN edge one client.
import proxyaddr from 'proxy-addr';
import { withoutPort } from '../limits/clientKey';

/** How many proxies stand in front (hop count), or which addresses are proxies (CIDRs, `loopback`, …); false: none. */
export type TrustProxy = number | readonly string[] | false;

/**
 * `TRUST_PROXY`: unset or `0`, no proxy (the socket's peer is the client); a whole number `n`, the `n`
 * proxies nearest this server are trusted (`1`: one load balancer); otherwise a comma-separated list of
 * addresses and CIDR ranges (`10.0.0.0/8,192.168.1.7`, and the names `loopback`, `linklocal`,
 * `uniquelocal`). `true` (trust every hop) is refused: any client could then name itself.
 */
export function trustProxyFromEnv(env: NodeJS.ProcessEnv): TrustProxy {
  const value = env.TRUST_PROXY?.trim();
  if (!value || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (/^(true|yes|on|all|\*)$/i.test(value)) {
    throw new Error(
      `TRUST_PROXY=${value} would trust every X-Forwarded-For entry, which a client writes itself: give the number of proxies (1) or their addresses.`,
    );
  }
  const list = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    proxyaddr.compile(list);
  } catch (error) {
    throw new Error(`TRUST_PROXY: ${(error as Error).message} (a hop count, or addresses and CIDR ranges separated by commas).`, {
      cause: error,
    });
  }
  return list;
}

/** The trust function proxy-addr takes: by hop count, or by address. */
export function compileTrust(trust: TrustProxy): (address: string, hop: number) => boolean {
  if (trust === false || trust === 0) return () => false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyaddr.compile([...trust]);
}

/** What the adapters need of a request to resolve its client: the socket's peer and its headers. */
export interface Forwarded {
  socket: { remoteAddress?: string };
  headers: Record<string, string | string[] | undefined>;
}

/**
 * The client's address: the socket's peer, or behind trusted proxies the nearest address they did not
 * vouch for. Warns once, loudly, when X-Forwarded-For arrives and no proxy is trusted: every client
 * is then the proxy's address, one bucket for all (set TRUST_PROXY).
 */
export function clientResolver(trust: TrustProxy, warn: (message: string) => void = console.warn): (req: Forwarded) => string {
  const trusted = compileTrust(trust);
  let warned = trust !== false && trust !== 0;
  return (req) => {
    if (!warned && req.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      warn(
        '[checkout] X-Forwarded-For arrived but TRUST_PROXY is not set: every client is taken to be the proxy ' +
          `(${req.socket.remoteAddress ?? 'unknown'}), so all share one rate limit. Set TRUST_PROXY to the number of proxies ` +
          'in front of this server or to their addresses (docs/server/limits.md).',
      );
    }
    // proxy-addr reads only req.connection/socket.remoteAddress and the header. An entry with a port
    // would be no address to it (never a trusted proxy, never keyed alike): the ports go first.
    const forwarded = req.headers['x-forwarded-for'];
    const headers =
      forwarded === undefined
        ? {}
        : {
            'x-forwarded-for': String(forwarded)
              .split(',')
              .map((entry) => withoutPort(entry.trim()))
              .join(', '),
          };
    const shim = { socket: req.socket, connection: req.socket, headers };
    return withoutPort(proxyaddr(shim as unknown as Parameters<typeof proxyaddr>[0], trusted) || 'unknown');
  };
}
