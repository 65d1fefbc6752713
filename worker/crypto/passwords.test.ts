import { scrypt } from '@noble/hashes/scrypt.js';
import { describe, expect, it } from 'vitest';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './passwords.ts';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe('password hashing', () => {
  it('verifies a hash the pure-JS scrypt made before, and refuses a wrong password', async () => {
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const hash = scrypt('Lëtter pässword', salt, { N: 2 ** 14, r: 8, p: 5, dkLen: 32 });
    const stored = `scrypt$n=16384,r=8,p=5$${b64(salt)}$${b64(hash)}`;
    expect(await verifyPassword('Lëtter pässword', stored)).toBe(true);
    expect(await verifyPassword('Letter password', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('writes hashes at the current strength that verify', async () => {
    const stored = await hashPassword('kettle jacaranda protea');
    expect(stored).toMatch(/^scrypt\$n=16384,r=8,p=5\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword('kettle jacaranda protea', stored)).toBe(true);
  });

  it('keeps the unknown-account hash at the current strength, made once, not at start', async () => {
    const dummy = await dummyPasswordHash();
    expect(needsRehash(dummy)).toBe(false);
    expect(await dummyPasswordHash()).toBe(dummy);
  });
});
