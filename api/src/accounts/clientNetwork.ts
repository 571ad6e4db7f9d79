import { isIPv4, isIPv6 } from 'node:net';

/**
 * What an address-keyed limit counts per: the network one client controls. An IPv4 address is one
 * client (or one venue's shared Wi-Fi). An IPv6 client is usually handed a whole /64 and picks
 * addresses within it at will (privacy addresses change by the hour), so counting per IPv6 address
 * would give a guesser 2^64 fresh buckets: it counts per /64 instead. An IPv4 address written as
 * IPv6 (`::ffff:203.0.113.5`, as a dual-stack socket reports it) is the IPv4 client it names.
 */
export function clientNetwork(address: string): string {
  const bare = address.split('%')[0] ?? address;
  if (isIPv4(bare)) return bare;
  const groups = isIPv6(bare) ? hextets(bare) : null;
  if (!groups) return address;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` and a dotted IPv4 tail expanded. */
function hextets(address: string): number[] | null {
  const parse = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('::');
  const front = parse(head);
  if (tail === undefined) return front.length === 8 ? front : null;
  const back = parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}
