// Default mail transport of the embedded server: each message becomes an .eml file under
// DATA_DIR/mail, so no mail server is needed to run or test the portal.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock, Mailer } from '../ports.ts';

function encodeHeader(value: string): string {
  // RFC 2047 for anything beyond printable ASCII; also keeps CR/LF out of headers.
  const clean = value.replace(/[\r\n]+/g, ' ');
  return /^[\x20-\x7e]*$/.test(clean)
    ? clean
    : `=?UTF-8?B?${Buffer.from(clean, 'utf8').toString('base64')}?=`;
}

export function createFileMailer(options: { dir: string; from: string; clock: Clock }): Mailer {
  return {
    async send(message) {
      await mkdir(options.dir, { recursive: true });
      const now = options.clock.now();
      const id = crypto.randomUUID();
      const eml = [
        `From: ${encodeHeader(options.from)}`,
        `To: ${encodeHeader(message.to)}`,
        `Subject: ${encodeHeader(message.subject)}`,
        `Date: ${now.toUTCString()}`,
        `Message-ID: <${id}@portal.local>`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        message.text.replace(/\r?\n/g, '\r\n'),
        '',
      ].join('\r\n');
      const stamp = now.toISOString().replace(/[:.]/g, '-');
      await writeFile(join(options.dir, `${stamp}-${id}.eml`), eml, { flag: 'wx' });
    },
  };
}
