// The pieces every outgoing message is made of, rendered twice: as plain text and as simple
// HTML. Every value put into the HTML is escaped here, and subjects lose control characters,
// so no name, file name or staff reason can add markup or a mail header.
import type { OutboxMessage } from '../services/notices/mail-outbox.ts';

export type Block =
  | { kind: 'paragraph'; text: string }
  /** A link on a line of its own; label is the text before it. */
  | { kind: 'link'; label: string; url: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'steps'; items: string[] }
  | { kind: 'address'; lines: string[] }
  | { kind: 'code'; label: string; value: string };

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

/** One line of printable text: no CR/LF or other control characters, at most 200 characters. */
export function headerSafe(value: string): string {
  const printable = Array.from(value, (ch) => {
    const code = ch.codePointAt(0) ?? 0;
    return code < 0x20 || code === 0x7f ? ' ' : ch;
  }).join('');
  return printable.replace(/\s+/g, ' ').trim().slice(0, 200);
}

function textOf(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'link':
      return `${block.label}\n${block.url}`;
    case 'list':
      return block.items.map((item) => `- ${item}`).join('\n');
    case 'steps':
      return block.items.map((item, i) => `${i + 1}. ${item}`).join('\n');
    case 'address':
      return block.lines.join('\n');
    case 'code':
      return `${block.label} ${block.value}`;
  }
}

function htmlOf(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p>${escapeHtml(block.text)}</p>`;
    case 'link':
      return `<p>${escapeHtml(block.label)}<br>\n<a href="${escapeHtml(block.url)}">${escapeHtml(block.url)}</a></p>`;
    case 'list':
      return `<ul>\n${block.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('\n')}\n</ul>`;
    case 'steps':
      return `<ol>\n${block.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('\n')}\n</ol>`;
    case 'address':
      return `<address>${block.lines.map(escapeHtml).join('<br>\n')}</address>`;
    case 'code':
      return `<p>${escapeHtml(block.label)} <code>${escapeHtml(block.value)}</code></p>`;
  }
}

/** A message to one address with the subject made header-safe and both bodies rendered. */
export function composeMail(to: string, subject: string, blocks: readonly Block[]): OutboxMessage {
  return {
    to,
    subject: headerSafe(subject),
    text: `${blocks.map(textOf).join('\n\n')}\n`,
    html: [
      '<!doctype html>',
      '<html><body style="font-family: sans-serif; line-height: 1.5">',
      ...blocks.map(htmlOf),
      '</body></html>',
      '',
    ].join('\n'),
  };
}

export const paragraph = (text: string): Block => ({ kind: 'paragraph', text });
