// The one-time code of decision 108 as its practitioner gets it: asked for with the tracking
// token, read from the mail the portal wrote to the application's confirmed address.
import { eq } from 'drizzle-orm';
import { submissions } from '../../schema/db.ts';
import type { TestApp } from './harness.ts';
import { mailTo } from './mail-files.ts';

/** Marks the application's address confirmed, as its receipt's link does (decision 100). */
export async function addressConfirmed(t: TestApp, submissionId: string): Promise<void> {
  await t.deps.db
    .update(submissions)
    .set({ addressConfirmedAt: t.deps.clock.now() })
    .where(eq(submissions.id, submissionId));
}

/** Asks for a code and answers it as mailed: the newest 'Your code:' to the application's address. */
export async function mailedProofCode(t: TestApp, token: string): Promise<string> {
  const [row] = await t.deps.db
    .select({ email: submissions.email })
    .from(submissions)
    .where(eq(submissions.trackingToken, token));
  const mailed = async () =>
    new Set(
      (await mailTo(t, row!.email)).flatMap((mail) => {
        const match = /Your code:\s*(\d{6})/.exec(mail.text);
        return match ? [mail.name] : [];
      }),
    );
  const before = await mailed();
  const res = await t.request(`/api/submissions/${token}/proof-code`, { method: 'POST' });
  if (res.status !== 201) throw new Error(`proof-code answered ${res.status}: ${await res.text()}`);
  const mail = (await mailTo(t, row!.email)).find(
    (m) => !before.has(m.name) && /Your code:/.test(m.text),
  );
  const code = mail && /Your code:\s*(\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code mailed to ${row!.email}`);
  return code;
}
