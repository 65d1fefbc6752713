// Staff passwords guard ID copies and bank letters: length alone (12+) lets through the
// passwords every guessing list starts with. A short list of the commonest bases, checked
// with digits and symbols stripped from the ends, catches 'Password1234!' and
// 'qwertyuiop12'; so do runs of one character and the account's own e-mail name.
export const WEAK_PASSWORD_MESSAGE =
  'This password is too easy to guess. Choose a longer phrase only you would think of.';

const COMMON_BASES = new Set([
  'password',
  'passw0rd',
  'p@ssword',
  'p@ssw0rd',
  'passwort',
  'wachtwoord',
  'qwerty',
  'qwertyuiop',
  'qwertyuiopasdf',
  'asdfghjkl',
  'asdfasdf',
  'zxcvbnm',
  'azerty',
  'abc',
  'abcdef',
  'abcdefg',
  'abcdefgh',
  'abcdefghijkl',
  'abcd',
  'letmein',
  'welcome',
  'welcometo',
  'iloveyou',
  'admin',
  'administrator',
  'root',
  'login',
  'master',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'soccer',
  'rugby',
  'cricket',
  'sunshine',
  'princess',
  'shadow',
  'superman',
  'batman',
  'trustno',
  'starwars',
  'whatever',
  'freedom',
  'secret',
  'changeme',
  'changeit',
  'default',
  'test',
  'testing',
  'guest',
  'hello',
  'helloworld',
  'computer',
  'internet',
  'access',
  'mustang',
  'michael',
  'jennifer',
  'jordan',
  'charlie',
  'summer',
  'winter',
  'spring',
  'autumn',
  'january',
  'december',
  'blessed',
  'jesus',
  'god',
  'love',
  'lovely',
  'mypassword',
  'newpassword',
  'password',
  'doctor',
  'medical',
  'medicalaid',
  'bureau',
  'dashboard',
  'portal',
  'billing',
  'southafrica',
  'capetown',
  'johannesburg',
  'durban',
  'pretoria',
  'springbok',
  'springboks',
  'bafana',
  'amandla',
  'mzansi',
  'onetwothree',
  'correcthorsebatterystaple',
  'qazwsx',
  'qazwsxedc',
  '1q2w3e',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'zaq1',
  'zaq12wsx',
  'aa',
  'aaa',
  'a',
]);

const SEQUENCES = [
  '0123456789',
  '9876543210',
  'abcdefghijklmnopqrstuvwxyz',
  'qwertyuiop',
  'asdfghjkl',
];

/** Why this password must not be used, or null when it may. */
export function weakPasswordReason(password: string, email?: string): string | null {
  const lower = password.toLowerCase();
  if (new Set(lower).size <= 2) return WEAK_PASSWORD_MESSAGE;
  if (SEQUENCES.some((sequence) => sequence.includes(lower))) return WEAK_PASSWORD_MESSAGE;
  const base = lower.replace(/^[\d\W_]+|[\d\W_]+$/g, '');
  if (base.length === 0 || COMMON_BASES.has(base)) return WEAK_PASSWORD_MESSAGE;
  // 'password' twice or 'qwerty' three times is still that word.
  for (const word of COMMON_BASES) {
    if (word.length >= 4 && base.replaceAll(word, '') === '') return WEAK_PASSWORD_MESSAGE;
  }
  const name =
    email
      ?.split('@')[0]
      ?.toLowerCase()
      .replace(/[^a-z]/g, '') ?? '';
  if (name.length >= 4 && lower.replace(/[^a-z]/g, '').includes(name)) return WEAK_PASSWORD_MESSAGE;
  return null;
}
