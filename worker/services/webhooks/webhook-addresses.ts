// Where a webhook may go (decision 122): HTTPS to public addresses only, every address the host
// resolves to checked, at registration and again before each attempt (a name may be pointed
// elsewhere later). WEBHOOKS_ALLOW_PRIVATE_NETWORK lets a receiver on the bureau's own network,
// or a test's on 127.0.0.1, be used, over plain HTTP too.
import type { Deps } from '../../deps.ts';

/** [first address, prefix length] of IPv4 ranges that are not the public internet. */
const PRIVATE_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

function v4Number(address: string): number | null {
  const parts = address.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) {
    return null;
  }
  return parts.reduce((n, p) => n * 256 + p, 0);
}

function privateV4(address: string): boolean {
  const n = v4Number(address);
  if (n === null) return true;
  return PRIVATE_V4.some(([first, bits]) => {
    const size = 2 ** (32 - bits);
    return Math.floor(n / size) === Math.floor(v4Number(first)! / size);
  });
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function v6Groups(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0]!;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const n = v4Number(tail[1]!);
    if (n === null) return null;
    text = `${text.slice(0, -tail[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (s: string) => (s === '' ? [] : s.split(':').map((g) => Number.parseInt(g, 16)));
  const head = part(halves[0]!);
  const rest = halves.length === 2 ? part(halves[1]!) : [];
  const fill = halves.length === 2 ? 8 - head.length - rest.length : 0;
  const groups = [...head, ...Array<number>(Math.max(fill, 0)).fill(0), ...rest];
  if (groups.length !== 8 || groups.some((g) => Number.isNaN(g) || g < 0 || g > 0xffff)) {
    return null;
  }
  return groups;
}

function privateV6(address: string): boolean {
  const g = v6Groups(address);
  if (!g) return true;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  if (g.slice(0, 7).every((x) => x === 0)) return true; // :: and ::1
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d): the IPv4 address decides.
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return privateV4(v4(g[6]!, g[7]!));
  if (g[0] === 0x64 && g[1] === 0xff9b) return privateV4(v4(g[6]!, g[7]!));
  if ((g[0]! & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((g[0]! & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((g[0]! & 0xff00) === 0xff00) return true; // multicast
  if (g[0] === 0x2001 && g[1] === 0xdb8) return true; // documentation
  return false;
}

/** Whether an address is not on the public internet (unparseable counts as private). */
export function isPrivateAddress(address: string): boolean {
  return address.includes(':') ? privateV6(address) : privateV4(address);
}

/**
 * Why this URL may not receive webhooks, in words staff can act on; null when it may. Every
 * address of the host is checked; a host that does not resolve is refused.
 */
export async function webhookUrlProblem(
  deps: Pick<Deps, 'webhooks' | 'config'>,
  url: string,
): Promise<string | null> {
  const parsed = new URL(url);
  const allowPrivate = deps.config.webhooksAllowPrivateNetwork;
  if (parsed.protocol !== 'https:' && !(allowPrivate && parsed.protocol === 'http:')) {
    return 'Use an https:// address: webhooks carry practitioners’ details.';
  }
  if (parsed.username || parsed.password) {
    return 'Leave the user name and password out of the address; webhooks are signed instead.';
  }
  let addresses: string[];
  try {
    addresses = await deps.webhooks.resolve(parsed.hostname);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) return `The host ${parsed.hostname} could not be found.`;
  if (!allowPrivate && addresses.some(isPrivateAddress)) {
    return `The host ${parsed.hostname} is a private, loopback or link-local address; use the billing system’s public address.`;
  }
  return null;
}
