// The WebhookSender port over fetch (decision 122): redirects are not followed (a receiver
// must answer at the address staff registered, and a redirect could lead to a private
// address), the body of the answer is never read or kept, and each attempt has its time limit.
import type { WebhookSender } from '../ports.ts';

export function createFetchWebhookSender(resolve: WebhookSender['resolve']): WebhookSender {
  return {
    resolve,
    async post(url, { headers, body, timeoutMs }) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      return response.status;
    },
  };
}

/** An address literal (IPv4, or IPv6 with or without brackets), or null for a host name. */
export function addressLiteral(host: string): string | null {
  const bare = host.replace(/^\[|\]$/g, '');
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(bare) || bare.includes(':')) return bare;
  return null;
}

/** Workers: no resolver of its own, so A and AAAA records by DNS over HTTPS (Cloudflare's). */
export async function resolveOverHttps(host: string): Promise<string[]> {
  const literal = addressLiteral(host);
  if (literal) return [literal];
  const answers = await Promise.all(
    ['A', 'AAAA'].map(async (type) => {
      const url = `https://cloudflare-dns.com/dns-query?name=${encodeURIComponent(host)}&type=${type}`;
      const response = await fetch(url, { headers: { Accept: 'application/dns-json' } });
      if (!response.ok) throw new Error(`DNS lookup answered ${response.status}`);
      const json = (await response.json()) as { Answer?: { type: number; data: string }[] };
      // Type 1 is A, 28 AAAA; CNAMEs in between are skipped, their targets are listed too.
      return (json.Answer ?? []).filter((a) => a.type === 1 || a.type === 28).map((a) => a.data);
    }),
  );
  return answers.flat();
}
