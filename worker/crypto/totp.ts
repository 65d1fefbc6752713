// Staff TOTP (RFC 6238 through otpauth): SHA-1, 6 digits, 30-second steps, accepted one step
// either side for clock drift (decision 070). Recovery codes are 80 random bits each.
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_S = 30;
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

function totpOf(secret: string, issuer = '', label = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** A new 160-bit secret, base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** True for a base32 secret of at least 80 bits (ADMIN_TOTP_SECRET). */
export function isBase32Secret(value: string): boolean {
  return /^[A-Z2-7]{16,}=*$/.test(value.replace(/\s/g, '').toUpperCase());
}

export function normalizeBase32(value: string): string {
  return value.replace(/[\s=]/g, '').toUpperCase();
}

/** The otpauth:// URI an authenticator app reads from the QR code or a tap on a phone. */
export function totpUri(secret: string, issuer: string, account: string): string {
  return totpOf(secret, issuer, account).toString();
}

export function stepAt(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S);
}

/** The step of the code when it is valid at `now` (±1 step), else null. */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? null : stepAt(now) + delta;
}

/** The code for a moment (tests, the e2e helper). */
export function totpCode(secret: string, at: Date): string {
  return totpOf(secret).generate({ timestamp: at.getTime() });
}

/** Ten recovery codes like `k7qm-2xfd-9pwa-c3ne`: 80 random bits each, lowercase base32. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = new Secret({ size: 10 }).base32.toLowerCase();
    return chars.match(/.{4}/g)!.join('-');
  });
}

/** Recovery codes compare without dashes, spaces or case. */
export function normalizeRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}
