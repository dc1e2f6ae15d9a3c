import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clientKey, isLoopbackHost, parseTrustProxy, type TrustProxy } from './trust-proxy.ts';

// The one key of a client for rate limits, behind zero, N or listed proxies.

function trust(value: string): TrustProxy {
  const parsed = parseTrustProxy(value);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

const off = trust('off');

describe('clientKey', () => {
  it('is the TCP peer without TRUST_PROXY, whatever X-Forwarded-For claims', () => {
    expect(clientKey({ peer: '198.51.100.7', forwardedFor: '203.0.113.1', trustProxy: off })).toBe(
      '198.51.100.7',
    );
    expect(clientKey({ peer: '198.51.100.7', forwardedFor: undefined, trustProxy: off })).toBe(
      '198.51.100.7',
    );
    expect(clientKey({ peer: undefined, forwardedFor: '203.0.113.1', trustProxy: off })).toBe('unknown');
  });

  it('takes the Nth address from the right with N trusted hops', () => {
    const chain = '203.0.113.9, 198.51.100.1, 10.0.0.2';
    expect(clientKey({ peer: '10.0.0.3', forwardedFor: chain, trustProxy: trust('1') })).toBe('10.0.0.2');
    expect(clientKey({ peer: '10.0.0.3', forwardedFor: chain, trustProxy: trust('2') })).toBe('198.51.100.1');
    expect(clientKey({ peer: '10.0.0.3', forwardedFor: chain, trustProxy: trust('3') })).toBe('203.0.113.9');
    // A client that writes its own header only adds entries on the left: with one hop, the proxy's
    // entry (the real peer it saw) still wins.
    expect(
      clientKey({ peer: '10.0.0.3', forwardedFor: '1.1.1.1, 2.2.2.2, 203.0.113.9', trustProxy: trust('1') }),
    ).toBe('203.0.113.9');
    // Fewer entries than hops: the leftmost, which a trusted hop wrote.
    expect(clientKey({ peer: '10.0.0.3', forwardedFor: '203.0.113.9', trustProxy: trust('2') })).toBe(
      '203.0.113.9',
    );
    // No header: the peer; garbage where a proxy's entry should be: the peer too.
    expect(clientKey({ peer: '10.0.0.3', forwardedFor: undefined, trustProxy: trust('1') })).toBe('10.0.0.3');
    expect(clientKey({ peer: '10.0.0.3', forwardedFor: 'evil', trustProxy: trust('1') })).toBe('10.0.0.3');
  });

  it('walks from the right past the listed proxies, and reads nothing from an unlisted peer', () => {
    const proxies = trust('10.0.0.0/8, 192.0.2.10');
    expect(
      clientKey({ peer: '10.1.2.3', forwardedFor: '1.1.1.1, 203.0.113.9, 192.0.2.10', trustProxy: proxies }),
    ).toBe('203.0.113.9');
    // A direct connection from a client: its spoofed header is ignored.
    expect(clientKey({ peer: '203.0.113.50', forwardedFor: '1.1.1.1', trustProxy: proxies })).toBe(
      '203.0.113.50',
    );
    // Only proxies in the chain: the farthest of them.
    expect(clientKey({ peer: '10.1.2.3', forwardedFor: '10.9.9.9, 192.0.2.10', trustProxy: proxies })).toBe(
      '10.9.9.9',
    );
    // Garbage behind a trusted proxy: the last address we trust.
    expect(clientKey({ peer: '10.1.2.3', forwardedFor: 'evil, 192.0.2.10', trustProxy: proxies })).toBe(
      '192.0.2.10',
    );
  });

  it('keys IPv6 clients by their /64 and IPv4-mapped IPv6 as IPv4', () => {
    const a = clientKey({ peer: '2001:db8:aa:bb:1:2:3:4', forwardedFor: undefined, trustProxy: off });
    const b = clientKey({ peer: '2001:DB8:AA:BB::ffff', forwardedFor: undefined, trustProxy: off });
    const other = clientKey({ peer: '2001:db8:aa:bc::1', forwardedFor: undefined, trustProxy: off });
    expect(a).toBe('2001:db8:aa:bb::');
    expect(b).toBe(a);
    expect(other).not.toBe(a);
    expect(clientKey({ peer: '::ffff:198.51.100.7', forwardedFor: undefined, trustProxy: off })).toBe(
      '198.51.100.7',
    );
    expect(clientKey({ peer: 'fe80::1%eth0', forwardedFor: undefined, trustProxy: off })).toBe(
      'fe80:0:0:0::',
    );
    // From X-Forwarded-For too, with a proxy that writes ports.
    expect(
      clientKey({
        peer: '::ffff:10.0.0.2',
        forwardedFor: '[2001:db8:1:2::9]:443',
        trustProxy: trust('10.0.0.0/8'),
      }),
    ).toBe('2001:db8:1:2::');
    expect(clientKey({ peer: '10.0.0.2', forwardedFor: '203.0.113.9:51234', trustProxy: trust('1') })).toBe(
      '203.0.113.9',
    );
  });

  it('matches IPv6 proxy ranges', () => {
    const proxies = trust('fd00::/8');
    expect(clientKey({ peer: 'fd12::1', forwardedFor: '2001:db8::1, fd34::2', trustProxy: proxies })).toBe(
      '2001:db8:0:0::',
    );
    expect(clientKey({ peer: 'fe00::1', forwardedFor: '2001:db8::1', trustProxy: proxies })).toBe(
      'fe00:0:0:0::',
    );
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.0.10', false],
    ['barrio.lan', false],
    ['128.0.0.1', false],
  ])('%s → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});

describe('TRUST_PROXY in the README', () => {
  it('says it is safe only when the server cannot be reached except through those proxies', () => {
    // Anyone who reaches the server directly writes X-Forwarded-For themselves, and with a hop count
    // it names their bucket: the operator must read this where the variable is described.
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const row = readme.split('\n').find((line) => line.startsWith('| `TRUST_PROXY`'));
    expect(row).toMatch(/safe only if the server cannot be reached except through those proxies/);
  });
});
