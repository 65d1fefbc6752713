// The Support link (docs/product.md#who-it-is-for): a pre-filled e-mail with subject 'Support
// Request' whose body
// asks for the practice name, the PCNS/ID number and the details of the question.
export const SUPPORT_SUBJECT = 'Support Request';

export const SUPPORT_BODY = [
  'Hello,',
  '',
  'I need help with my application.',
  '',
  'Practice name: ',
  'PCNS/ID number: ',
  'Details: ',
  '',
  'Thank you',
].join('\n');

/** encodeURIComponent, not URLSearchParams: mail clients show a '+' literally. */
export function supportMailto(email: string, extraLines: string[] = []): string {
  const body = extraLines.length > 0 ? `${SUPPORT_BODY}\n\n${extraLines.join('\n')}` : SUPPORT_BODY;
  return `mailto:${email}?subject=${encodeURIComponent(SUPPORT_SUBJECT)}&body=${encodeURIComponent(body)}`;
}
