// Password hashing that runs the same on Node and Workers: scrypt (memory-hard), native in
// both runtimes (node:crypto; workerd has it with nodejs_compat; decision 083). OWASP lists
// N=2^14, r=8, p=5 as equivalent to its first choice; it needs 16 MiB, inside a Worker's
// 128 MB, and about 170 ms of CPU per hash on workerd, which is why the Workers target needs
// the Paid plan. Every OWASP-equal scrypt setting costs about the same, and PBKDF2 on Workers
// is capped at 100,000 iterations and is not memory-hard, so this one is kept. The parameters are stored with
// each hash, so they can be raised later and old hashes still verify (and are flagged for
// rehash).
import { scrypt } from 'node:crypto';

const CURRENT = { N: 2 ** 14, r: 8, p: 5, dkLen: 32 } as const;

/** Room for N=2^14 and r=8 (128·N·r = 16 MiB) and for raised parameters later. */
const MAX_MEMORY = 256 * 1024 * 1024;

function scryptHash(
  password: string,
  salt: Uint8Array,
  params: { N: number; r: number; p: number; dkLen: number },
): Promise<Uint8Array> {
  const { N, r, p, dkLen } = params;
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      dkLen,
      { N, r, p, maxmem: MAX_MEMORY },
      (error, key) => (error ? reject(error) : resolve(new Uint8Array(key))),
    );
  });
}

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
  const hash = await scryptHash(password, salt, { N, r, p, dkLen });
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
  const candidate = await scryptHash(password, salt, { N, r, p, dkLen: hash.length });
  return constantTimeEqual(candidate, hash);
}

export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.N < CURRENT.N || parsed.r !== CURRENT.r || parsed.p < CURRENT.p;
}

/**
 * The hash of a random password that was thrown away, made once with the current parameters
 * and kept here: verifying against it for an unknown account takes as long as for a real one,
 * so timing does not reveal which e-mails exist, and no hash work runs at start (a Worker
 * would pay it in some isolate's first request). An unknown account is refused whatever the
 * verification says.
 */
const DUMMY_HASH =
  'scrypt$n=16384,r=8,p=5$wzaD6aO/UU3+aFp/A6VPUg==$BOVH4+XWOXMy47WGDi5iOfRs8++kTVJt2HWHiWIjU/w=';
export function dummyPasswordHash(): Promise<string> {
  return Promise.resolve(DUMMY_HASH);
}
