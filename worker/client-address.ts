// The client a request is counted against: every rate limit (login, lookup, upload,
// forgot-password, tracking links) keys on what this file returns, so spoofing and IPv6 are
// handled once, here. Runtime-neutral; the entries give it what their runtime knows.
//
// - Forwarded headers are trusted only as configured (TRUST_PROXY): with n proxy hops in
//   front of the app, each proxy appends the address it received from to X-Forwarded-For, so
//   the client is the n-th entry from the RIGHT. Entries further left were written by the
//   client and prove nothing. CF-Connecting-IP is honoured on Node only with
//   TRUST_PROXY=cloudflare; on Workers it is the only source (cloudflare.ts).
// - An IPv6 client is keyed by its /64: one subscriber usually holds a whole /64, so keying
//   on the full address would give unlimited attempts. IPv4-mapped IPv6 becomes IPv4.

/** What TRUST_PROXY says: 0 (none), n proxy hops, or Cloudflare in front of Node. */
export type TrustProxy = number | 'cloudflare';

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function ipv4(value: string): string | null {
  const m = IPV4.exec(value);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts.join('.') : null;
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(value: string): number[] | null {
  let text = value.toLowerCase().replace(/^\[|\]$/g, '');
  text = text.split('%')[0]!; // a zone id (fe80::1%eth0) is local detail
  // A trailing dotted IPv4 (::ffff:1.2.3.4) becomes two groups.
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4(dotted[2]!);
    if (!v4) return null;
    const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => Number.parseInt(g, 16));
}

/**
 * The rate-limit key of an address: IPv4 as is, IPv4-mapped IPv6 as IPv4, any other IPv6 as
 * its /64 ("2001:db8:0:1::/64"). Anything else (no address at all) is passed through.
 */
export function clientKey(address: string): string {
  const trimmed = address.trim();
  const v4 = ipv4(trimmed);
  if (v4) return v4;
  const groups = ipv6Groups(trimmed);
  if (!groups) return trimmed;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [hi, lo] = [groups[6]!, groups[7]!];
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/**
 * The address in a forwarded entry, or null when it holds none. Some proxies append the
 * client's port ("203.0.113.5:49152", "[2001:db8::5]:443"): each connection would be a client
 * of its own for every limit, so the port goes; a word ("unknown") would be one client shared
 * by everyone, so it counts as no address.
 */
function forwardedAddress(entry: string): string | null {
  const value = entry.trim();
  const bare =
    /^\[([^\]]+)\](?::\d+)?$/.exec(value)?.[1] ?? /^([\d.]+):\d+$/.exec(value)?.[1] ?? value;
  return ipv4(bare) || ipv6Groups(bare) ? bare : null;
}

/**
 * The client's address given the socket's and the request headers, as TRUST_PROXY says.
 * Returns the rate-limit key (clientKey) of it.
 */
export function resolveClient(
  trust: TrustProxy,
  socketAddress: string,
  header: (name: string) => string | undefined,
): string {
  if (trust === 'cloudflare') {
    return clientKey(forwardedAddress(header('CF-Connecting-IP') ?? '') ?? socketAddress);
  }
  if (trust > 0) {
    const entries = (header('X-Forwarded-For') ?? '')
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    // Fewer entries than proxies: the request did not come through all of them, so nothing
    // in the header can be trusted; the nearest peer is the best we know.
    const forwarded = forwardedAddress(entries[entries.length - trust] ?? '');
    if (forwarded) return clientKey(forwarded);
  }
  return clientKey(socketAddress);
}
