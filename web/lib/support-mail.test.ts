import { describe, expect, it } from 'vitest';
import { SUPPORT_BODY, supportMailto } from './support-mail.ts';

describe('supportMailto', () => {
  it('pre-fills the subject and the body template', () => {
    const url = new URL(supportMailto('help@bureau.co.za'));
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('help@bureau.co.za');
    expect(url.searchParams.get('subject')).toBe('Support Request');
    const body = url.searchParams.get('body') ?? '';
    expect(body).toContain('Practice name:');
    expect(body).toContain('PCNS/ID number:');
    expect(body).toContain('Details:');
  });

  it('encodes spaces as %20 so mail clients do not show plus signs', () => {
    const href = supportMailto('a@b.co.za');
    expect(href).toContain('subject=Support%20Request');
    expect(href).not.toContain('+');
  });

  it('appends extra lines after the template', () => {
    const body = new URL(supportMailto('a@b.co.za', ['Tracking token: abc'])).searchParams.get(
      'body',
    );
    expect(body).toBe(`${SUPPORT_BODY}\n\nTracking token: abc`);
  });
});
