// An API client of the smoke stack: JSON requests from the stack's own origin, and a staff
// sign-in that enrols in MFA with the CLI's set-up code the first time.
import { expect } from 'vitest';
import { totpCode } from '../crypto/totp.ts';
import { type SmokeStack, STAFF_EMAIL, STAFF_PASSWORD } from './smoke-stack.ts';

export function smokeClient(stack: () => SmokeStack) {
  async function json(res: Response): Promise<Record<string, unknown>> {
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    return (await res.json()) as Record<string, unknown>;
  }

  function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    return fetch(`${stack().base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: stack().base, ...headers },
      body: JSON.stringify(body),
    });
  }

  let totpSecret = '';
  let signIns = 0;

  /** Signs staff in (cookie `name=value`); the first sign-in enrols with the CLI's set-up code. */
  async function signIn(): Promise<string> {
    if (!totpSecret) {
      const start = await post('/api/auth/login', {
        email: STAFF_EMAIL,
        password: STAFF_PASSWORD,
        enrolmentCode: stack().enrolmentCode,
      });
      expect(start.status).toBe(401);
      const body = (await json(start)) as {
        error: { code: string };
        enrolment: { secret: string };
      };
      expect(body.error.code).toBe('totp_enrolment_required');
      totpSecret = body.enrolment.secret;
    }
    const res = await post('/api/auth/login', {
      email: STAFF_EMAIL,
      password: STAFF_PASSWORD,
      ...(signIns === 0 ? { enrolmentCode: stack().enrolmentCode } : {}),
      // A step's code is accepted once: the second sign-in uses the next step's (±1 is allowed).
      totp: totpCode(totpSecret, new Date(Date.now() + 30_000 * signIns++)),
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ success: true, user: { email: STAFF_EMAIL } });
    const cookie = res.headers
      .getSetCookie()
      .map((header) => header.split(';')[0]!)
      .find((pair) => pair.startsWith('portal_session=') && pair !== 'portal_session=');
    expect(cookie).toBeDefined();
    session = cookie!;
    return cookie!;
  }

  let session: string | undefined;
  /** The cookie of the last sign-in, or a new one: a step's code is good for a minute only. */
  async function staffSession(): Promise<string> {
    session ??= await signIn();
    return session;
  }

  return { json, post, signIn, staffSession };
}
