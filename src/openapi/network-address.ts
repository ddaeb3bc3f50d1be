/**
 * Which IP addresses a remote spec may be fetched from. A docs.json is often someone else's file
 * (a pull request, a template): without this, `"openapi": "http://127.0.0.1:8080/admin"` or
 * `http://169.254.169.254/…` (a cloud's metadata service) would be fetched from the machine that
 * builds, and the answer published in the site and its llms.txt. Only public unicast addresses pass
 * unless the user allows the private network (`--allow-private-network`).
 *
 * The ranges are IANA's special-purpose registries (RFC 6890 and its updates) for IPv4 and IPv6;
 * an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, `::ffff:7f00:1`) is judged as its IPv4 address
 * (node:net's BlockList does that), and so is a NAT64 one (`64:ff9b::/96`, RFC 6052).
 */
import { BlockList, isIP } from 'node:net';
import type { PrivateRange } from '../shared/messages.ts';

export type { PrivateRange };

const RANGES: [range: PrivateRange, subnets: string[]][] = [
  ['unspecified', ['0.0.0.0/8', '::/128']],
  ['loopback', ['127.0.0.0/8', '::1/128']],
  // RFC 1918, and IPv6's deprecated site-local addresses, which meant the same.
  ['private', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fec0::/10', '64:ff9b:1::/48']],
  ['link-local', ['169.254.0.0/16', 'fe80::/10']],
  ['unique-local', ['fc00::/7']],
  // RFC 6598: carrier-grade NAT, a provider's private network.
  ['shared', ['100.64.0.0/10']],
  ['broadcast', ['255.255.255.255/32']],
  ['multicast', ['224.0.0.0/4', 'ff00::/8']],
  [
    'reserved',
    [
      '192.0.0.0/24', // IETF protocol assignments
      '192.0.2.0/24', // documentation
      '198.18.0.0/15', // benchmarking
      '198.51.100.0/24', // documentation
      '203.0.113.0/24', // documentation
      '240.0.0.0/4', // reserved for future use
      '::/96', // IPv4-compatible (deprecated)
      '100::/64', // discard-only
      '2001::/23', // IETF protocol assignments (Teredo, ORCHID…)
      '2001:db8::/32', // documentation
      '2002::/16', // 6to4: reaches an IPv4 address through a relay
    ],
  ],
];

const LISTS = RANGES.map(([range, subnets]): [PrivateRange, BlockList] => {
  const list = new BlockList();
  for (const subnet of subnets) {
    const [network, prefix] = subnet.split('/') as [string, string];
    list.addSubnet(network, Number(prefix), isIP(network) === 6 ? 'ipv6' : 'ipv4');
  }
  return [range, list];
});

const NAT64 = new BlockList();
NAT64.addSubnet('64:ff9b::', 96, 'ipv6');

/**
 * The range `address` (an IPv4 or IPv6 address, IPv6 with or without brackets) belongs to when it
 * is not a public one; undefined for a public address. Anything that is not an address is refused
 * as `reserved`: the caller checks addresses, never names.
 */
export function privateRange(address: string): PrivateRange | undefined {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(bare);
  if (family === 0) return 'reserved';
  const type = family === 6 ? 'ipv6' : 'ipv4';
  if (type === 'ipv6' && NAT64.check(bare, 'ipv6')) {
    const embedded = embeddedIpv4(bare);
    return embedded === undefined ? 'reserved' : privateRange(embedded);
  }
  for (const [range, list] of LISTS) if (list.check(bare, type)) return range;
  return undefined;
}

/** The IPv4 address in the last 32 bits of an IPv6 address (`64:ff9b::7f00:1`, `64:ff9b::127.0.0.1`). */
function embeddedIpv4(address: string): string | undefined {
  const groups = ipv6Groups(address);
  if (!groups) return undefined;
  const [high, low] = groups.slice(6) as [number, number];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** The eight 16-bit groups of a valid IPv6 address (`isIP` said so), `::` and a dotted tail expanded. */
function ipv6Groups(address: string): number[] | undefined {
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const text = dotted ? `${dotted[1]}${((Number(dotted[2]) << 8) | Number(dotted[3])).toString(16)}:${((Number(dotted[4]) << 8) | Number(dotted[5])).toString(16)}` : address;
  const [head = '', tail] = text.split('::');
  const parse = (part: string): number[] => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const groups = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((group) => Number.isInteger(group)) ? groups : undefined;
}
