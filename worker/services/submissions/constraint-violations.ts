// Recognises SQLite/libSQL constraint failures, so a service can tell a lost race (another
// request wrote the same unique value first) from a real fault. Drivers wrap errors in
// different ways (libSQL batch errors, drizzle query errors), so the whole cause chain is read.

/** Whether error is a UNIQUE or PRIMARY KEY violation on table.column, e.g. "documents.object_key". */
export function isUniqueViolation(error: unknown, column: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const message = current instanceof Error ? current.message : String(current);
    if (message.includes('UNIQUE constraint failed') && message.includes(column)) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}
