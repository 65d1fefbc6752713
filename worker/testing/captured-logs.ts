// A logger that keeps every line, so a test can check what the app logged.
import { expect } from 'vitest';
import type { Logger } from '../deps.ts';
import { STAFF_PASSWORD } from './staff-fixtures.ts';

export function capturingLogger() {
  const lines: string[] = [];
  const logger: Logger = {
    info: (message, fields) => lines.push(JSON.stringify({ message, ...fields })),
    error: (message, fields) => lines.push(JSON.stringify({ message, ...fields })),
  };
  return { logger, lines };
}

/**
 * The staff auth tests' passwords, session cookies and reset links appear in none of the lines,
 * and there are enough lines for that to mean something.
 */
export function expectNoAuthSecrets(lines: readonly string[]) {
  expect(lines.length).toBeGreaterThan(20);
  const all = lines.join('\n');
  for (const secret of [
    STAFF_PASSWORD,
    'not the password at all',
    'wrong password',
    'the old password',
    'a brand new password',
    'portal_session',
    'token=',
  ]) {
    expect(all).not.toContain(secret);
  }
}
