// The .eml files the default transport wrote under DATA_DIR/mail, and their parts, for tests
// that check what was mailed.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestApp } from './harness.ts';

export type MailFile = { name: string; eml: string; text: string; html: string };

/** The text/plain and text/html parts of a message (the whole body when it is one part). */
function parts(eml: string): { text: string; html: string } {
  const boundary = /boundary="([^"]+)"/.exec(eml)?.[1];
  if (!boundary) return { text: eml.split('\r\n\r\n').slice(1).join('\r\n\r\n'), html: '' };
  const sections = eml.split(`--${boundary}`).slice(1, -1);
  const body = (type: string) => {
    const part = sections.find((s) => s.includes(`Content-Type: ${type}`)) ?? '';
    return part.split('\r\n\r\n').slice(1).join('\r\n\r\n');
  };
  return { text: body('text/plain'), html: body('text/html') };
}

export async function mailFiles(t: TestApp): Promise<MailFile[]> {
  const dir = join(t.dataDir, 'mail');
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((n) => n.endsWith('.eml'))
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const eml = await readFile(join(dir, name), 'utf8');
      return { name, eml, ...parts(eml) };
    }),
  );
}

/** The messages to one address. */
export async function mailTo(t: TestApp, address: string): Promise<MailFile[]> {
  return (await mailFiles(t)).filter((m) => m.eml.includes(`\r\nTo: ${address}\r\n`));
}

/** Waits (up to 3 s) until the address has at least count messages, for mail sent after an answer. */
export async function waitForMailTo(t: TestApp, address: string, count = 1): Promise<MailFile[]> {
  for (let waited = 0; ; waited += 25) {
    const found = await mailTo(t, address);
    if (found.length >= count || waited > 3000) return found;
    await new Promise((done) => setTimeout(done, 25));
  }
}
