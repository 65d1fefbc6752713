// Staff registration forms on the Workers entry in workerd (wrangler dev + sqld + local R2):
// what an isolate can hold. A form that unpacks past the bound is refused by the count that runs
// before any parser (decision 110), and a form's upload link is capped at what an isolate can
// fill (decision 125). Needs `npm run build` first, as worker/cloudflare.smoke.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKERS_REGISTRATION_FORM_MAX_BYTES } from './services/scheme-forms/form-size-limit.ts';
import { unpackingForm } from './testing/active-pdf.ts';
import { smokeClient } from './testing/smoke-client.ts';
import { type SmokeStack, startSmokeStack } from './testing/smoke-stack.ts';

let stack: SmokeStack;
beforeAll(async () => {
  stack = await startSmokeStack();
}, 60_000);
afterAll(() => stack?.stop(), 20_000);

const { json, post, staffSession } = smokeClient(() => stack);

describe('staff registration forms in workerd', () => {
  it('refuses a staff registration form that unpacks past the bound, in the isolate', async () => {
    // Decision 110's count runs in workerd too: a 40 kB file that unpacks to 40 MB is refused
    // with the reason, before any parser holds it (it once counted 0 here and hung).
    const staff = await staffSession();
    const bomb = await unpackingForm(40);
    const upload = await post(
      '/api/upload/presigned-url',
      { fileType: 'application/pdf' },
      { Cookie: staff },
    );
    const { uploadUrl, storagePath } = (await json(upload)) as {
      uploadUrl: string;
      storagePath: string;
    };
    const put = await fetch(uploadUrl, {
      method: 'PUT',
      body: Buffer.from(bomb),
      headers: { 'Content-Type': 'application/pdf' },
    });
    expect(put.status).toBe(200);
    const register = await post(
      '/api/admin/medical-aid-documents',
      {
        schemeKey: 'discovery',
        schemeName: 'Discovery Health',
        fileName: 'unpacks-too-far.pdf',
        fileSize: bomb.byteLength,
        fileType: 'application/pdf',
        storagePath,
        description: null,
        year: 2026,
      },
      { Cookie: staff },
    );
    expect(register.status).toBe(400);
    expect(await json(register)).toMatchObject({
      error: {
        code: 'form_refused',
        message: expect.stringContaining('This PDF unpacks to more than 32 MB'),
      },
    });
  });

  it("refuses a PUT past the ticket's limit on its Worker-signed link", async () => {
    // A staff form's ticket without a size is capped at what an isolate can fill (decision
    // 125): a real body one byte past it is refused, and nothing is kept.
    const staff = await staffSession();
    const upload = await post(
      '/api/upload/presigned-url',
      { fileType: 'application/pdf' },
      { Cookie: staff },
    );
    const { uploadUrl } = (await json(upload)) as { uploadUrl: string };
    expect(new URL(uploadUrl).searchParams.get('max')).toBe(
      String(WORKERS_REGISTRATION_FORM_MAX_BYTES),
    );
    const put = await fetch(uploadUrl, {
      method: 'PUT',
      body: new Uint8Array(WORKERS_REGISTRATION_FORM_MAX_BYTES + 1),
      headers: { 'Content-Type': 'application/pdf' },
    });
    expect(put.status).toBe(413);
  });
});
