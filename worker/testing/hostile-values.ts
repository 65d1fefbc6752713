// fast-check arbitraries of what an attacker or a broken client sends: wrong types, huge and
// odd strings (SQL and HTML fragments, unicode edge cases, lone surrogates), deep nesting,
// `__proto__` keys, and a valid payload with one value swapped for any of those.
import fc from 'fast-check';

const SQL = [
  "' OR '1'='1",
  "'; DROP TABLE submissions; --",
  '1; SELECT * FROM staff_users',
  '" OR ""="',
  "\\'; --",
  '%',
  '_',
];
const HTML = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as text
  '{{7*7}}${7*7}',
];
const UNICODE = [
  '\u0000',
  '\uFEFF',
  '\u202Eevil',
  'e\u0301',
  '\uD800',
  '\uDFFF',
  '\u200B',
  '\r\n',
  '../../etc/passwd',
  '%00',
  '０１２３４５６７８９０１２',
  'İı',
  '𝕏'.repeat(300),
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...SQL, ...HTML, ...UNICODE),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 1, max: 70 }).map((k) => 'A'.repeat(k * 1000)),
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-0, 2 ** 53 + 2, -1, 1e308, 0.5),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(hostileString, fc.constant('__proto__')), tie('value'), {
      maxKeys: 3,
    }),
  ),
})).value;

/** A JSON text: a valid payload with one value (at any depth) replaced by a hostile one. */
export function mutated(valid: unknown): fc.Arbitrary<string> {
  const paths: (string | number)[][] = [];
  const walk = (node: unknown, path: (string | number)[]) => {
    paths.push(path);
    if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        walk(child, [...path, Array.isArray(node) ? Number(key) : key]);
      }
    }
  };
  walk(valid, []);
  return fc
    .tuple(fc.constantFrom(...paths.filter((p) => p.length > 0)), hostileValue, fc.boolean())
    .map(([path, value, remove]) => {
      const copy = structuredClone(valid) as Record<string | number, unknown>;
      let node = copy;
      for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
      const last = path.at(-1)!;
      if (remove && !Array.isArray(node)) delete node[last];
      else node[last] = value;
      return JSON.stringify(copy);
    });
}

/** JSON texts no serializer would write: deep nesting, `__proto__` and `constructor` keys. */
export function raw(valid: unknown): fc.Arbitrary<string> {
  const text = JSON.stringify(valid);
  return fc.oneof(
    fc.integer({ min: 1, max: 20_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
    fc.integer({ min: 1, max: 5_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
    fc
      .constantFrom(
        '"__proto__":{"status":"approved","isAdmin":true},',
        '"constructor":{"prototype":{"polluted":true}},',
        '"__proto__":null,',
      )
      .map((inject) => (text.startsWith('{') ? `{${inject}${text.slice(1)}` : text)),
    fc.constantFrom('', 'null', '[]', '"text"', '{', '{"a":1,}', 'NaN', '1e999', '\uFEFF{}'),
    hostileValue.map((value) => JSON.stringify(value) ?? 'null'),
  );
}

export const hostileBody = (valid: unknown) => fc.oneof(mutated(valid), raw(valid));
