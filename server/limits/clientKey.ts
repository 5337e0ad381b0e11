// Which client an address is, for a per-client limit. An IPv4 address is one client (or one NAT).
// An IPv6 host is handed a whole /64 and may use any of its 2^64 addresses (privacy addresses rotate
// on their own): keyed on the full address, one host would have unlimited buckets. So IPv6 is keyed
// by its /64, the smallest block a subscriber gets.
import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part counts as two). */
function groupsOf(address: string): number[] {
  const [head, tail] = address.split('::');
  const parse = (part: string | undefined) =>
    (part ? part.split(':') : []).flatMap((group) => {
      if (!isIPv4(group)) return [parseInt(group, 16)];
      const [a, b, c, d] = group.split('.').map(Number);
      return [(a << 8) | b, (c << 8) | d];
    });
  const left = parse(head);
  const right = parse(tail);
  return tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The address without a port a proxy appended: Azure's gateways write `X-Forwarded-For: 203.0.113.7:52311`,
 * a new source port per connection, and keyed with it every connection would be a new client. IPv4
 * `a.b.c.d:port` and bracketed IPv6 `[::1]:port` (or `[::1]`); a bare IPv6 address has no port to strip.
 */
export function withoutPort(address: string): string {
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(address);
  if (v4) return v4[1];
  const v6 = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(address);
  return v6 ? v6[1] : address;
}

export function clientKey(address: string): string {
  const plain = withoutPort(address.trim()).replace(/%.*$/, ''); // a zone index (fe80::1%eth0) names the interface, not the client
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain);
  if (mapped) return mapped[1];
  if (!isIPv6(plain)) return plain;
  return `${groupsOf(plain)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
