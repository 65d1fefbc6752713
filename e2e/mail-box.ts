// The mail the server wrote as .eml files under DATA_DIR/mail (the file transport), read back
// for the journeys: who it is to, its subject, its text, and the tracking links in it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

export type Mail = { file: string; to: string; subject: string; body: string };

function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}: (.*)$`, 'mi').exec(raw);
  const value = match?.[1]?.trim() ?? '';
  // Subjects with non-ASCII characters come as =?UTF-8?B?…?=.
  return value.replace(/=\?UTF-8\?B\?([^?]+)\?=/gi, (_, b64: string) =>
    Buffer.from(b64, 'base64').toString('utf8'),
  );
}

export function mailDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return join(dir, 'mail');
}

export function readMails(): Mail[] {
  const dir = mailDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((file) => {
      const raw = readFileSync(join(dir, file), 'utf8');
      return { file, to: header(raw, 'To'), subject: header(raw, 'Subject'), body: raw };
    });
}

export function mailsTo(address: string): Mail[] {
  return readMails().filter((m) => m.to.toLowerCase().includes(address.toLowerCase()));
}

/** Waits for a mail to the address whose subject and text contain every one of `texts`. */
export async function waitForMail(address: string, ...texts: string[]): Promise<Mail> {
  const find = () =>
    mailsTo(address).find((m) => texts.every((t) => m.subject.includes(t) || m.body.includes(t)));
  await expect
    .poll(() => Boolean(find()), { timeout: 30_000, message: `mail to ${address}: ${texts}` })
    .toBe(true);
  return find()!;
}

/** The tracking links in a mail's text, in order. */
export function trackingLinksIn(mail: Mail): string[] {
  const text = mail.body.split(/<html|<!doctype/i)[0] ?? mail.body;
  return [...text.matchAll(/https?:\/\/[^\s"<>]+\/track\?token=[^\s"<>]+/g)].map((m) => m[0]);
}
