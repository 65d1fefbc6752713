// Staff passwords guard ID copies and bank letters: length alone (12+) lets through the
// passwords every guessing list starts with. zxcvbn-ts estimates how many guesses a password
// takes, knowing 49 000 passwords from published breaches, keyboard walks, sequences, repeats,
// dates and l33t spellings; we add the words a guesser of this bureau's staff would try first
// and refuse anything under 10^8 guesses (score 3, "safely unguessable" against online
// guessing). The account's own e-mail name is refused outright: zxcvbn scores
// 'Thandi.Nkosi2026' strong for thandi.nkosi@… although it is the first guess about her.
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

let estimator: Promise<ZxcvbnFactory> | undefined;
/**
 * Loaded and built on first use (half a megabyte of word lists, ranked), then kept: staff
 * passwords are set rarely, so no server start or Worker isolate pays for it otherwise.
 */
function strength(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory }, { adjacencyGraphs, dictionary }]) =>
      new ZxcvbnFactory({
        dictionary: { ...dictionary, bureau: LOCAL_WORDS },
        graphs: adjacencyGraphs,
      }),
  );
  return estimator;
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
  const { score } = (await strength()).check(password, inputs);
  return score < UNGUESSABLE_SCORE ? WEAK_PASSWORD_MESSAGE : null;
}
