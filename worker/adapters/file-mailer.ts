// Default mail transport of the embedded server: each message becomes an .eml file under
// DATA_DIR/mail, so no mail server is needed to run or test the portal. The file name is
// `<stamp of the message's date>-<outbox id>.eml`, the same on every attempt: the file is
// written aside and linked into place, which fails when it is already there, so a message
// delivered again after a crash still leaves exactly one complete file (decision 053). A
// deleted submission's files go with it (forget), so they do not outlive deletion or retention.
import { link, mkdir, readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mailer, MailMessage } from '../ports.ts';

function encodeHeader(value: string): string {
  // RFC 2047 for anything beyond printable ASCII; also keeps CR/LF out of headers.
  const clean = value.replace(/[\r\n]+/g, ' ');
  return /^[\x20-\x7e]*$/.test(clean)
    ? clean
    : `=?UTF-8?B?${Buffer.from(clean, 'utf8').toString('base64')}?=`;
}

const crlf = (body: string) => body.replace(/\r?\n/g, '\r\n');

function bodyOf(message: MailMessage): string[] {
  if (!message.html) {
    return [
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      crlf(message.text),
      '',
    ];
  }
  const boundary = `=_alt_${message.id.replace(/[^A-Za-z0-9]/g, '')}`;
  return [
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    crlf(message.text),
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    crlf(message.html),
    `--${boundary}--`,
    '',
  ];
}

/** The file a message is delivered to: deterministic, so a retry finds it. */
export function emlFileName(message: Pick<MailMessage, 'id' | 'date'>): string {
  const stamp = message.date.toISOString().replace(/[:.]/g, '-');
  return `${stamp}-${message.id.replace(/[^A-Za-z0-9-]/g, '')}.eml`;
}

export function createFileMailer(options: { dir: string; from: string }): Mailer {
  return {
    async send(message) {
      // Owner only, whatever the umask: messages carry names, addresses and links.
      await mkdir(options.dir, { recursive: true, mode: 0o700 });
      const eml = [
        `From: ${encodeHeader(options.from)}`,
        `To: ${encodeHeader(message.to)}`,
        `Subject: ${encodeHeader(message.subject)}`,
        `Date: ${message.date.toUTCString()}`,
        `Message-ID: <${message.id}@portal.local>`,
        'MIME-Version: 1.0',
        ...bodyOf(message),
      ].join('\r\n');
      const target = join(options.dir, emlFileName(message));
      const aside = join(options.dir, `.${crypto.randomUUID()}.tmp`);
      await writeFile(aside, eml, { flag: 'wx', mode: 0o600 });
      try {
        await link(aside, target);
      } catch (error) {
        // Already delivered by an attempt whose success was never recorded.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      } finally {
        await unlink(aside).catch(() => {});
      }
    },
    async forget(mentioning) {
      const needles = mentioning.filter(Boolean);
      if (needles.length === 0) return;
      const names = await readdir(options.dir).catch(() => [] as string[]);
      for (const name of names.filter((n) => n.endsWith('.eml'))) {
        const path = join(options.dir, name);
        const eml = await readFile(path, 'utf8').catch(() => '');
        if (needles.some((needle) => eml.includes(needle))) await unlink(path).catch(() => {});
      }
    },
  };
}
