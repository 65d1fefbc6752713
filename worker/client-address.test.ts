// Findings 2 and 3: who a request is counted against. Unit cases for the normalisation and
// the forwarded-header rules, then the login limit through the real app with spoofed headers.
import { afterEach, describe, expect, it } from 'vitest';
import { clientKey, resolveClient } from './client-address.ts';
import { loadConfig } from './config.ts';
import { createTestApp, type TestApp } from './testing/harness.ts';
import { addStaff, STAFF_EMAIL } from './testing/staff-fixtures.ts';

const headers =
  (values: Record<string, string>) =>
  (name: string): string | undefined =>
    Object.entries(values).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];

describe('clientKey', () => {
  it('keys an IPv6 client by its /64, however the address is written', () => {
    const key = '2001:db8:0:1::/64';
    for (const address of [
      '2001:db8:0:1::1',
      '2001:0DB8:0000:0001:ffff:ffff:ffff:ffff',
      '[2001:db8:0:1:abcd::9]',
      '2001:db8::1:0:0:0:7',
      'fe80::1%eth0'.replace('fe80::', '2001:db8:0:1::'),
    ]) {
      expect(clientKey(address), address).toBe(key);
    }
    expect(clientKey('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  it('turns IPv4-mapped IPv6 into IPv4 and leaves IPv4 as it is', () => {
    expect(clientKey('::ffff:196.25.1.10')).toBe('196.25.1.10');
    expect(clientKey('::FFFF:c419:010a')).toBe('196.25.1.10');
    expect(clientKey(' 196.25.1.10 ')).toBe('196.25.1.10');
  });

  it('passes anything that is not an address through', () => {
    for (const value of ['unknown', 'local', '1:2:3', '1::2::3', '300.1.1.1', 'g::1']) {
      expect(clientKey(value)).toBe(value.trim());
    }
  });
});

describe('resolveClient', () => {
  const spoofed = headers({
    'X-Forwarded-For': '6.6.6.6, 203.0.113.7',
    'CF-Connecting-IP': '7.7.7.7',
  });

  it('ignores every forwarded header without TRUST_PROXY', () => {
    expect(resolveClient(0, '10.0.0.2', spoofed)).toBe('10.0.0.2');
  });

  it('takes the rightmost X-Forwarded-For entry for one hop, never the leftmost or CF-Connecting-IP', () => {
    expect(resolveClient(1, '10.0.0.2', spoofed)).toBe('203.0.113.7');
  });

  it('takes the n-th entry from the right for n hops, and the socket when there are fewer', () => {
    const chain = headers({ 'X-Forwarded-For': '6.6.6.6, 203.0.113.7, 10.0.0.9' });
    expect(resolveClient(2, '10.0.0.2', chain)).toBe('203.0.113.7');
    expect(resolveClient(4, '10.0.0.2', chain)).toBe('10.0.0.2');
    expect(resolveClient(1, '10.0.0.2', headers({}))).toBe('10.0.0.2');
  });

  it('honours CF-Connecting-IP on Node only with TRUST_PROXY=cloudflare, keyed by /64', () => {
    expect(resolveClient('cloudflare', '10.0.0.2', spoofed)).toBe('7.7.7.7');
    const v6 = headers({ 'CF-Connecting-IP': '2c0f:f4c0:1:2:3:4:5:6' });
    expect(resolveClient('cloudflare', '10.0.0.2', v6)).toBe('2c0f:f4c0:1:2::/64');
  });

  it('drops a port a proxy appended, and takes the socket for an entry that is no address', () => {
    const withPort = (entry: string) => headers({ 'X-Forwarded-For': entry });
    expect(resolveClient(1, '10.0.0.2', withPort('203.0.113.5:49152'))).toBe('203.0.113.5');
    expect(resolveClient(1, '10.0.0.2', withPort('203.0.113.5:49153'))).toBe('203.0.113.5');
    expect(resolveClient(1, '10.0.0.2', withPort('[2001:db8:1:2::5]:443'))).toBe(
      '2001:db8:1:2::/64',
    );
    expect(resolveClient(1, '10.0.0.2', withPort('unknown'))).toBe('10.0.0.2');
    const cf = headers({ 'CF-Connecting-IP': 'unknown' });
    expect(resolveClient('cloudflare', '10.0.0.2', cf)).toBe('10.0.0.2');
  });

  it('reads TRUST_PROXY as hops', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect([trust('false'), trust('true'), trust('2'), trust('cloudflare')]).toEqual([
      0,
      1,
      2,
      'cloudflare',
    ]);
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(() => trust('maybe')).toThrow(/TRUST_PROXY/);
  });
});

describe('the login limit behind a proxy', () => {
  let t: TestApp;
  afterEach(() => t.dispose());
  const attempt = (xff: string, extra: Record<string, string> = {}) =>
    t.request('/api/auth/login', {
      method: 'POST',
      json: { email: STAFF_EMAIL, password: 'wrong password' },
      headers: { 'X-Forwarded-For': xff, ...extra },
      client: '10.0.0.2',
    });

  it('counts a client whose spoofed leftmost entry changes every time as one client', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true', LOGIN_RATE_LIMIT: '3' } });
    await addStaff(t);
    for (let i = 0; i < 3; i++) {
      const res = await attempt(`198.51.100.${i}, 203.0.113.7`, {
        'CF-Connecting-IP': `9.9.9.${i}`,
      });
      expect(res.status).toBe(401);
    }
    expect((await attempt('198.51.100.99, 203.0.113.7')).status).toBe(429);
  });

  it('counts every address of one IPv6 /64 as one client', async () => {
    t = await createTestApp({ env: { LOGIN_RATE_LIMIT: '3' } });
    await addStaff(t);
    // A different (unknown) account each time, so only the per-client count can refuse.
    let n = 0;
    const from = (client: string) =>
      t.request('/api/auth/login', {
        method: 'POST',
        json: { email: `nobody${n++}@bureau.co.za`, password: 'wrong password' },
        client,
      });
    for (let i = 1; i <= 3; i++) expect((await from(`2001:db8:7:7::${i}`)).status).toBe(401);
    expect((await from('2001:db8:7:7:ffff::1')).status).toBe(429);
    expect((await from('2001:db8:7:8::1')).status).toBe(401);
  });
});
