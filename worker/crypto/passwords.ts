// Password hashing that runs the same on Node and Workers: scrypt (memory-hard) from
// @noble/hashes. OWASP lists N=2^14, r=8, p=5 as equivalent to its first choice; it needs
// 16 MiB, inside a Worker's 128 MB. The parameters are stored with each hash, so they can be
// raised later and old hashes still verify (and are flagged for rehash).
import { scryptAsync } from '@noble/hashes/scrypt.js';

const CURRENT = { N: 2 ** 14, r: 8, p: 5, dkLen: 32 } as const;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(value: string): Uint8Array {
  return Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const { N, r, p, dkLen } = CURRENT;
  const hash = await scryptAsync(password.normalize('NFKC'), salt, { N, r, p, dkLen });
  return `scrypt$n=${N},r=${r},p=${p}$${toBase64(salt)}$${toBase64(hash)}`;
}

type Parsed = { N: number; r: number; p: number; salt: Uint8Array; hash: Uint8Array };

function parse(stored: string): Parsed | null {
  const match = /^scrypt\$n=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(
    stored,
  );
  if (!match) return null;
  return {
    N: Number(match[1]),
    r: Number(match[2]),
    p: Number(match[3]),
    salt: fromBase64(match[4]!),
    hash: fromBase64(match[5]!),
  };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const { N, r, p, salt, hash } = parsed;
  const candidate = await scryptAsync(password.normalize('NFKC'), salt, {
    N,
    r,
    p,
    dkLen: hash.length,
  });
  return constantTimeEqual(candidate, hash);
}

export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.N < CURRENT.N || parsed.r !== CURRENT.r || parsed.p < CURRENT.p;
}

/**
 * A hash of a random password, computed once: verifying against it for an unknown account
 * takes as long as for a real one, so timing does not reveal which e-mails exist.
 */
let dummy: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(crypto.randomUUID());
  return dummy;
}
