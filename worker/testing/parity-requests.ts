// Requests of the API parity suite (worker/api-parity.smoke.test.ts) that fetch cannot make or
// that every target repeats: a body cut half way, a PUT judged on its declared length alone,
// and the parity staff account's sign-in.
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { expect } from 'vitest';
import { totpCode } from '../crypto/totp.ts';
import { type HttpTarget, PARITY_STAFF } from './http-targets.ts';

/** PUTs half of a `size`-byte body to url, then drops the connection (a phone losing signal). */
export function cutMidPart(url: URL, size: number): Promise<void> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { method: 'PUT', headers: { 'Content-Length': String(size) } });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(new Uint8Array(size / 2), () => setTimeout(() => req.destroy(), 100));
  });
}

/** The status a PUT with these headers gets after its first kilobyte (the rest never sent). */
export function statusOfDeclaredPut(url: URL, headers: OutgoingHttpHeaders): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(url, { method: 'PUT', headers });
    req.on('response', (res) => resolve(res.statusCode ?? 0));
    req.on('error', reject);
    req.write(new Uint8Array(1024));
  });
}

/** Signs the parity staff account (ADMIN_EMAIL, enrolled in MFA) in: its cookie `name=value`. */
export async function parityStaffCookie(target: HttpTarget): Promise<string> {
  const login = await target.request('/api/auth/login', {
    method: 'POST',
    json: {
      email: PARITY_STAFF.email,
      password: PARITY_STAFF.password,
      totp: totpCode(PARITY_STAFF.totpSecret, new Date()),
    },
  });
  expect(login.status).toBe(200);
  return login.headers.get('Set-Cookie')!.split(';')[0]!;
}
