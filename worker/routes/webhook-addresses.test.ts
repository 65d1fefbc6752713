// Where webhooks may go (issue 40, decision 122), from HTTP: without WEBHOOKS_ALLOW_PRIVATE_NETWORK
// staff cannot register a private, loopback or link-local address (every address of the host
// checked) or plain HTTP. The same server with it set is the receiver tests' (webhooks.test.ts).
import { describe, expect, it } from 'vitest';
import { staffSession } from '../testing/staff-requests.ts';

describe('where webhooks may go', () => {
  const strict = staffSession();
  const register = (url: string) =>
    strict.request('/api/admin/webhooks/endpoints', {
      method: 'POST',
      json: { url, description: 'Billing', events: ['application.submitted'] },
    });

  it('refuses 127.0.0.1 and every private, loopback or link-local address unless configured', async () => {
    for (const url of [
      'https://127.0.0.1/hooks',
      'https://localhost/hooks',
      'https://10.0.0.8/hooks',
      'https://169.254.169.254/latest',
      'https://[::1]/hooks',
      'https://[::ffff:192.168.1.1]/hooks',
    ]) {
      const res = await register(url);
      expect(res.status, url).toBe(400);
      expect((await res.json()).error.fields.url).toMatch(/private, loopback or link-local/);
    }
    const plain = await register('http://203.0.114.10/hooks');
    expect(plain.status).toBe(400);
    expect((await plain.json()).error.fields.url).toMatch(/https:\/\//);
    const nonsense = await register('not an address');
    expect(nonsense.status).toBe(400);
  });
});
