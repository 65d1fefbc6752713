// Migrations run before the new code is deployed, while the old version still serves
// (decision 086), and `wrangler rollback` brings old code back onto the new schema. So a
// migration may only add: no DROP TABLE or DROP COLUMN, no RENAME, no column added NOT NULL
// without a DEFAULT (the old code's inserts would fail), no table rebuild (drizzle's
// `__new_<table>` copy and swap, or a CREATE TABLE ... AS SELECT). One that must do more says
// why in a comment line `-- not additive: <why the running version survives it>` (decision 114).

export type MigrationFinding = { statement: string; rule: string };

export const NOT_ADDITIVE_MARKER = /^[ \t]*--[ \t]*not additive:[ \t]*\S/im;

const RULES: { rule: string; matches: (sql: string) => boolean }[] = [
  { rule: 'DROP TABLE', matches: (sql) => /\bdrop\s+table\b/i.test(sql) },
  { rule: 'DROP COLUMN', matches: (sql) => /\balter\s+table\b[\s\S]*\bdrop\b/i.test(sql) },
  { rule: 'RENAME', matches: (sql) => /\brename\b/i.test(sql) },
  {
    rule: 'NOT NULL without DEFAULT',
    matches: (sql) =>
      /\balter\s+table\b[\s\S]*\badd\b/i.test(sql) &&
      /\bnot\s+null\b/i.test(sql) &&
      !/\bdefault\b/i.test(sql),
  },
  {
    rule: 'table rebuild',
    matches: (sql) => /__new_/i.test(sql) || /\bcreate\s+table\b[\s\S]*\bas\s+select\b/i.test(sql),
  },
];

/** The SQL of a migration file without its comments, as statements. */
function statements(file: string): string[] {
  return file
    .replace(/--[^\n]*/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split(/;|statement-breakpoint/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** What in a migration file would break the running version; none when it carries the marker. */
export function migrationFindings(file: string): MigrationFinding[] {
  if (NOT_ADDITIVE_MARKER.test(file)) return [];
  return statements(file).flatMap((statement) =>
    RULES.filter(({ matches }) => matches(statement)).map(({ rule }) => ({ statement, rule })),
  );
}
