import { isIPv4, isIPv6 } from 'node:net';

// The pure part of reading a client's address (config.ts parses TRUST_PROXY with it; client-address.ts
// applies it to a request). Every per-client limit (ours in lib/rate-limit.ts and better-auth's, set from
// auth/mount-auth.ts) counts by the key `clientAddress` gives. Without TRUST_PROXY it is the TCP peer
// and X-Forwarded-For is never read, since any client can write that header; behind a proxy the peer
// is the proxy, so TRUST_PROXY says which hops may speak for the client (decision 038).

/** How far X-Forwarded-For is believed: not at all, the last N hops, or the listed proxies. */
export type TrustProxy =
  | { kind: 'off' }
  | { kind: 'hops'; hops: number }
  | { kind: 'proxies'; ranges: AddressRange[] };

export interface AddressRange {
  bytes: Uint8Array;
  prefix: number;
}

/** More hops than any real chain of proxies: a larger number is a typo, not a deployment. */
const MAX_TRUSTED_HOPS = 10;

/**
 * TRUST_PROXY: unset or `off` (only the TCP peer), a number of hops, or a comma-separated list of
 * proxy addresses and CIDR ranges. Returns a sentence for the config error instead of guessing.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | string {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'off' || text === 'false' || text === 'no' || text === '0')
    return { kind: 'off' };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= MAX_TRUSTED_HOPS
      ? { kind: 'hops', hops }
      : `at most ${MAX_TRUSTED_HOPS} hops (got ${hops}); or list the proxies' addresses`;
  }
  // `on` would trust whatever a client writes: the header would choose its own rate-limit bucket.
  if (text === 'on' || text === 'true' || text === 'yes')
    return 'give the number of proxies in front of the server (e.g. 1) or their addresses, not on';
  const entries = text.split(',').map((entry) => entry.trim());
  const ranges: AddressRange[] = [];
  for (const entry of entries) {
    const range = parseRange(entry);
    if (!range) return `"${entry}" is not an IP address or CIDR range (e.g. 10.0.0.0/8, fd00::/8)`;
    ranges.push(range);
  }
  return { kind: 'proxies', ranges };
}

/**
 * The client's key from the TCP peer and, when TRUST_PROXY allows, X-Forwarded-For. IPv4 (and
 * IPv4-mapped IPv6) is the address; IPv6 is its /64 network address, because one subscriber gets a
 * whole /64 and could otherwise take a fresh bucket per request. Always a valid IP or 'unknown'.
 */
export function clientKey({
  peer,
  forwardedFor,
  trustProxy,
}: {
  peer: string | undefined;
  forwardedFor: string | undefined;
  trustProxy: TrustProxy;
}): string {
  const peerBytes = peer ? addressBytes(peer) : undefined;
  if (!peerBytes) return 'unknown';
  if (trustProxy.kind === 'off' || !forwardedFor) return keyOf(peerBytes);
  // Each proxy appends the address it received the request from: the right end is the nearest hop.
  const hops = forwardedFor.split(',').map((entry) => entry.trim());
  if (trustProxy.kind === 'hops') {
    // Fewer entries than hops: the request skipped an outer proxy, and every entry is still a proxy's.
    const entry = hops[Math.max(0, hops.length - trustProxy.hops)];
    const bytes = entry ? addressBytes(entry) : undefined;
    return keyOf(bytes ?? peerBytes);
  }
  const trusted = (bytes: Uint8Array) => trustProxy.ranges.some((range) => inRange(bytes, range));
  if (!trusted(peerBytes)) return keyOf(peerBytes);
  let nearest = peerBytes;
  for (let i = hops.length - 1; i >= 0; i--) {
    const bytes = addressBytes(hops[i]!);
    // Garbage where a trusted proxy should have written an address: keep the last address we trust.
    if (!bytes) return keyOf(nearest);
    if (!trusted(bytes)) return keyOf(bytes);
    nearest = bytes;
  }
  return keyOf(nearest);
}

/** Whether HOST listens only on this machine (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  const bytes = addressBytes(name);
  if (!bytes) return false;
  return bytes.length === 4 ? bytes[0] === 127 : bytes.every((byte, i) => byte === (i === 15 ? 1 : 0));
}

function keyOf(bytes: Uint8Array): string {
  if (bytes.length === 4) return bytes.join('.');
  const groups: string[] = [];
  for (let i = 0; i < 8; i += 2) groups.push(((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
  return `${groups.join(':')}::`;
}

/** 4 bytes for IPv4 and IPv4-mapped IPv6, 16 for other IPv6; undefined for anything else. */
function addressBytes(text: string): Uint8Array | undefined {
  let address = text.trim();
  // Some proxies write a port: `[2001:db8::1]:443`, `203.0.113.7:51234`.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  address = address.replace(/%.*$/, ''); // a zone id (fe80::1%eth0) says nothing about the client
  if (isIPv4(address)) return Uint8Array.from(address.split('.').map(Number));
  if (!isIPv6(address)) return undefined;
  const groups = expandIPv6(address);
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    bytes[i * 2] = group >> 8;
    bytes[i * 2 + 1] = group & 0xff;
  });
  const mapped = bytes.subarray(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  return mapped ? bytes.slice(12) : bytes;
}

/** The eight 16-bit groups of a valid IPv6 address (with `::` and an IPv4 tail). */
function expandIPv6(address: string): number[] {
  let text = address.toLowerCase();
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16));
}

function parseRange(entry: string): AddressRange | undefined {
  const [address = '', prefixText, ...rest] = entry.split('/');
  if (rest.length > 0) return undefined;
  // A plain address only: no brackets, ports or zones in a proxy list.
  if (!isIPv4(address) && !(isIPv6(address) && !address.includes('%'))) return undefined;
  const bytes = addressBytes(address);
  if (!bytes) return undefined;
  const bits = bytes.length * 8;
  // An IPv4-mapped range (::ffff:10.0.0.0/104) counts in IPv4's bits.
  const mappedShift = bytes.length === 4 && isIPv6(address) ? 96 : 0;
  if (prefixText === undefined) return { bytes, prefix: bits };
  if (!/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText) - mappedShift;
  if (prefix < 0 || prefix > bits) return undefined;
  return { bytes, prefix };
}

function inRange(bytes: Uint8Array, range: AddressRange): boolean {
  if (bytes.length !== range.bytes.length) return false;
  let bits = range.prefix;
  for (let i = 0; i < bytes.length && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((bytes[i]! & mask) !== (range.bytes[i]! & mask)) return false;
  }
  return true;
}
