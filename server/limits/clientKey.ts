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

export function clientKey(address: string): string {
  const plain = address.replace(/%.*$/, ''); // a zone index (fe80::1%eth0) names the interface, not the client
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain);
  if (mapped) return mapped[1];
  if (!isIPv6(plain)) return plain;
  return `${groupsOf(plain)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
