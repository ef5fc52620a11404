import net from 'node:net';

/**
 * The key a client is counted under by every per-address limit (the request limit in memory or
 * Redis, and the abuse limits in PostgreSQL): an IPv4 address as it is (also when written as
 * IPv4-mapped IPv6), and an IPv6 address cut to its /64, which one subscriber line controls
 * entirely. Counting IPv6 per /128 would give one household 2^64 fresh addresses.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (net.isIPv6(address)) return `${ipv6Prefix64(address)}::/64`;
  return address;
}

function ipv6Prefix64(address: string): string {
  // A zone index (fe80::1%eth0) names an interface, not part of the address.
  const bare = address.split('%', 1)[0] ?? address;
  const [head = '', tail = ''] = bare.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = bare.includes('::') ? 8 - headGroups.length - tailGroups.length : 0;
  const groups = [...headGroups, ...Array(missing).fill('0'), ...tailGroups];
  return groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':');
}
