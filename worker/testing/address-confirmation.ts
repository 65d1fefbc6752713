// Confirming an application's e-mail address the way its owner does: with the code the
// receipt mail's link carries (#confirm=), read from the mail the portal wrote.
import type { TestApp } from './harness.ts';
import { mailFiles } from './mail-files.ts';

/**
 * The code of the receipt mailed for this tracking token (sent after the answer: looked for
 * up to 3 s, as waitForMailTo does), or null when none was mailed.
 */
export async function receiptCode(t: TestApp, token: string): Promise<string | null> {
  const pattern = new RegExp(`token=${token}#confirm=([A-Za-z0-9_-]+)`);
  for (let waited = 0; waited <= 3000; waited += 25) {
    for (const mail of await mailFiles(t)) {
      const match = pattern.exec(mail.text);
      if (match) return match[1]!;
    }
    await new Promise((done) => setTimeout(done, 25));
  }
  return null;
}

export function confirmAddress(t: TestApp, token: string, code: string) {
  return t.request(`/api/submissions/${token}/address-confirmation`, {
    method: 'POST',
    json: { code },
  });
}

/** Opens the receipt's confirmation link's request, as the tracking page sends it. */
export async function confirmFromReceipt(t: TestApp, token: string): Promise<Response> {
  const code = await receiptCode(t, token);
  if (!code) throw new Error(`no receipt with a confirmation link for ${token}`);
  return confirmAddress(t, token, code);
}
