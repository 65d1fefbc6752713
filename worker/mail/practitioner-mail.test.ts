// What a practitioner is mailed on Submit, through the API and the default .eml transport:
// the greeting, the tracking link and token, the schemes, the hard-copy steps only when a
// chosen scheme needs them; every value escaped in the HTML; never the ID number.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApplication, postSubmission, saIdNumber } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { mailFiles, waitForMailTo } from '../testing/mail-files.ts';
import { created } from '../testing/submission-requests.ts';
import { composeMail, headerSafe } from './mail-format.ts';

const STAFF_INBOX = 'new-applications@bureau.co.za';
const ID_NUMBER = saIdNumber('750505', '4321');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { STAFF_NOTIFY_EMAIL: STAFF_INBOX } });
});
afterAll(() => t.dispose());

async function submitAs(lastName: string, submission?: Record<string, unknown>) {
  const payload = await buildApplication(t, {
    practitioner: { lastName, idNumber: ID_NUMBER },
    ...(submission ? { submission } : {}),
  });
  const { trackingToken, reference } = await created(await postSubmission(t, payload));
  const [mail] = await waitForMailTo(t, payload.practitioner.email.toLowerCase());
  if (!mail) throw new Error('no received mail');
  return { mail, trackingToken, reference, payload };
}

describe('the application-received mail', () => {
  it('greets by a plausible last name only, else "Dear Doctor", never relaying the sender\'s text', async () => {
    const named = await submitAs("O'Neil-van der Merwe");
    expect(named.mail.text).toContain("Dear Dr. O'Neil-van der Merwe,");
    expect(named.mail.html).toContain('Dear Dr. O&#39;Neil-van der Merwe,');
    for (const lastName of [
      '<b>Click here</b>',
      'Smith. Your account is locked, call 0800 000 000',
      'Nkosi https://evil.example',
      'A'.repeat(41),
    ]) {
      const { mail } = await submitAs(lastName);
      expect(mail.text, lastName).toContain('Dear Doctor,');
      expect(mail.text, lastName).not.toContain(lastName);
      expect(mail.html, lastName).not.toContain(lastName);
    }
  });

  it('escapes what it shows in the HTML, and gives the link, token and schemes', async () => {
    const { mail, trackingToken, reference } = await submitAs('Nkosi');
    expect(mail.eml).toContain(
      'Subject: Medical Billing Bureau: we have received your application',
    );
    expect(mail.eml).toContain('Content-Type: multipart/alternative');
    expect(mail.html).not.toContain('<b>');
    const link = `http://localhost:8787/track?token=${trackingToken}`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain(`Your tracking token: ${trackingToken}`);
    expect(reference).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(mail.text).toContain(`Your reference: ${reference}`);
    for (const scheme of ['Discovery Health Medical Scheme', 'Bankmed', 'Bestmed']) {
      expect(mail.text).toContain(scheme);
    }
    // Bestmed wants certified hard copies: the tracking page's three steps and the address.
    expect(mail.text).toContain(
      "1. Get the documents certified by a commissioner of oaths (for example at a police station, post office or attorney's office).",
    );
    expect(mail.text).toContain(
      `2. Mail them to our postal address below, quoting your reference ${reference}.`,
    );
    expect(mail.text).toContain('3. Medical Billing Bureau forwards them to the schemes for you.');
    expect(mail.text).toContain('PO Box 0000');
  });

  it('leaves the hard-copy steps out when no chosen scheme needs them', async () => {
    const { mail } = await submitAs('Dlamini', {
      selectedParents: ['discovery'],
      selectedSchemes: ['discovery_health_medical_scheme', 'bankmed'],
    });
    expect(mail.text).toContain('Bankmed');
    expect(mail.text).not.toContain('commissioner of oaths');
    expect(mail.text).not.toContain('PO Box 0000');
  });

  it('tells staff by name and link only, and never puts the ID number in any message', async () => {
    const staff = await waitForMailTo(t, STAFF_INBOX, 2);
    expect(staff[0]!.text).toMatch(/A new application has arrived from Dr\. Thandi /);
    expect(staff[0]!.text).toMatch(
      /http:\/\/localhost:8787\/dashboard\/submissions\/[0-9a-f-]{36}/,
    );
    const all = await mailFiles(t);
    expect(all.length).toBeGreaterThanOrEqual(4);
    for (const m of all) expect(m.eml).not.toContain(ID_NUMBER);
  });
});

describe('mail formatting', () => {
  it('keeps subjects to one printable line and escapes link targets', () => {
    expect(headerSafe('Hello\r\nBcc: x@y.z\u0007')).toBe('Hello Bcc: x@y.z');
    const mail = composeMail('a@b.co.za', 'S', [
      { kind: 'link', label: 'L', url: 'https://x/?a=1&b="2"' },
    ]);
    expect(mail.html).toContain('href="https://x/?a=1&amp;b=&quot;2&quot;"');
  });
});
