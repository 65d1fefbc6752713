// Staff passwords guard ID copies and bank letters: length alone (12+) lets through the
// passwords every guessing list starts with. Two checks, both offline:
// - the breach corpus (breached-passwords.ts, the 10,000 most used passwords of a
//   ten-million-password breach compilation) and the words a guesser of this bureau's staff
//   would try first: a password that is one of them once its decoration is taken off (case,
//   digits and symbols at either end, l33t), as people meet a 12-character rule
//   ('Admin@123456', 'Summer2024!!'), is refused; zxcvbn scores those strong;
// - zxcvbn-ts estimates how many guesses the rest takes (keyboard walks, sequences, repeats,
//   dates, its own word lists and the corpus) and we refuse anything under 10^8 guesses
//   (score 3, "safely unguessable" against online guessing).
// The account's own e-mail name is refused outright: zxcvbn scores 'Thandi.Nkosi2026' strong
// for thandi.nkosi@… although it is the first guess about her.
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

export const WEAK_PASSWORD_MESSAGE =
  'This password is too easy to guess. Choose a longer phrase only you would think of.';

/** Words about this bureau and its country, beside the breach corpus. */
const LOCAL_WORDS = [
  'doctor',
  'medical',
  'medicalaid',
  'medicalscheme',
  'bureau',
  'billing',
  'dashboard',
  'portal',
  'practitioner',
  'southafrica',
  'capetown',
  'johannesburg',
  'joburg',
  'durban',
  'pretoria',
  'springbok',
  'springboks',
  'bafana',
  'amandla',
  'mzansi',
  'ubuntu',
  'correcthorsebatterystaple',
];

const UNGUESSABLE_SCORE = 3;

type Checks = { estimator: ZxcvbnFactory; breached: Set<string> };

let checks: Promise<Checks> | undefined;
/**
 * Loaded and built on first use (well over half a megabyte of word lists, ranked), then kept:
 * staff passwords are set rarely, so no server start or Worker isolate pays for it otherwise.
 */
function loadChecks(): Promise<Checks> {
  checks ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('./breached-passwords.ts'),
  ]).then(
    ([{ ZxcvbnFactory }, { adjacencyGraphs, dictionary }, { BREACHED_PASSWORDS_TOP_10000 }]) => {
      const corpus = BREACHED_PASSWORDS_TOP_10000.split('\n');
      return {
        estimator: new ZxcvbnFactory({
          dictionary: { ...dictionary, breached: corpus, bureau: LOCAL_WORDS },
          graphs: adjacencyGraphs,
        }),
        breached: new Set([...corpus, ...LOCAL_WORDS].map((word) => word.toLowerCase())),
      };
    },
  );
  return checks;
}

const L33T: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '3': 'e',
  '1': 'i',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
};

/** The password as a guesser's list holds it: lower case, and without the decoration. */
function undecorated(password: string): string[] {
  const lower = password.toLowerCase();
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  const unl33t = core.replace(/[@43105$7]/g, (c) => L33T[c] ?? c);
  return [lower, core, unl33t];
}

/** Why this password must not be used, or null when it may. */
export async function weakPasswordReason(password: string, email?: string): Promise<string | null> {
  const name =
    email
      ?.split('@')[0]
      ?.toLowerCase()
      .replace(/[^a-z]/g, '') ?? '';
  if (
    name.length >= 4 &&
    password
      .toLowerCase()
      .replace(/[^a-z]/g, '')
      .includes(name)
  ) {
    return WEAK_PASSWORD_MESSAGE;
  }
  const inputs = email
    ? email
        .toLowerCase()
        .split(/[@.+_-]/)
        .filter(Boolean)
    : [];
  const { estimator, breached } = await loadChecks();
  if (undecorated(password).some((form) => breached.has(form))) return WEAK_PASSWORD_MESSAGE;
  const { score } = estimator.check(password, inputs);
  return score < UNGUESSABLE_SCORE ? WEAK_PASSWORD_MESSAGE : null;
}
