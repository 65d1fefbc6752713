// Any host works (decision 093): `npm start` without PUBLIC_ORIGIN, then the page opened at
// http://127.0.0.1:<port> (the printed URL) and at http://localhost:<port>. On each, the
// page's own script asks for an upload ticket and PUTs a file to the signed URL under the
// page's real CSP, and the practitioner's uploader sends a file; the signed URL names the host
// the page was opened at. Mail keeps the default origin.
import { expect, type Page, test } from '@playwright/test';
import { killableServer } from './application-helpers.ts';
import { pdfBytes } from './dashboard-fixtures.ts';
import { attach, choosePracticeType, expectUploaded } from './wizard-helpers.ts';

const PDF = pdfBytes('Certified ID');

/** From the page itself: a ticket, then the PUT, as the uploader does. */
async function uploadFromPage(page: Page) {
  return page.evaluate(
    async (bytes) => {
      const ticket = await fetch('/api/objects/upload', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ filename: `certified_id_${Date.now()}`, size: bytes.length }),
      });
      const { uploadURL } = (await ticket.json()) as { uploadURL: string };
      try {
        const put = await fetch(uploadURL, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/pdf' },
          body: new Uint8Array(bytes),
        });
        return { uploadURL, status: put.status };
      } catch (error) {
        return { uploadURL, status: 0, error: String(error) };
      }
    },
    [...PDF],
  );
}

test('without PUBLIC_ORIGIN, a file uploads from 127.0.0.1 and from localhost', async ({
  browser,
}) => {
  const server = killableServer({ publicOrigin: false });
  await server.start();
  try {
    const port = new URL(server.origin).port;
    for (const host of ['127.0.0.1', 'localhost']) {
      const origin = `http://${host}:${port}`;
      const context = await browser.newContext({ baseURL: origin });
      const page = await context.newPage();
      const refused: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|CORS/i.test(message.text())) refused.push(message.text());
      });
      await page.goto('/');

      const sent = await uploadFromPage(page);
      expect(new URL(sent.uploadURL).origin, host).toBe(origin);
      expect(sent.status, `${host}: ${JSON.stringify(sent)}`).toBe(200);

      // The practitioner's own uploader on this host.
      await choosePracticeType(page, 'Established Practice');
      await attach(page, 'Certified ID Copy', {
        name: 'id.pdf',
        mimeType: 'application/pdf',
        buffer: PDF,
      });
      await expectUploaded(page, 'Certified ID Copy');
      await expect(page.getByText('No Internet connection')).toHaveCount(0);
      expect(refused, host).toEqual([]);
      await context.close();
    }
  } finally {
    await server.close();
  }
});

test('an upload the page may not send is reported as a set-up problem, not as no Internet', async ({
  browser,
}) => {
  // PUBLIC_ORIGIN names 127.0.0.1, the page is opened at localhost: the signed URLs name the
  // other host and the page's CSP refuses them.
  const server = killableServer();
  await server.start();
  try {
    const port = new URL(server.origin).port;
    const context = await browser.newContext({ baseURL: `http://localhost:${port}` });
    const page = await context.newPage();
    await page.goto('/');
    await choosePracticeType(page, 'Established Practice');
    await attach(page, 'Certified ID Copy', {
      name: 'id.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    const certified = page.getByRole('region', { name: 'Certified ID Copy', exact: true });
    await expect(certified).toContainText(
      `the portal's set-up does not let this page send files to ${server.origin}`,
    );
    await expect(certified).toContainText('It is not your Internet connection');
    await expect(page.getByText('No Internet connection')).toHaveCount(0);
    await context.close();
  } finally {
    await server.close();
  }
});
