// What of a caught error may be logged. A failed drizzle query's message (and its cause's)
// carries the SQL and its parameters — ID numbers, e-mails, token hashes — and a mail
// transport's may carry addresses, so no message is ever logged: only the classes along the
// cause chain and the machine codes they carry (SQLITE_BUSY, ECONNREFUSED...), which are
// enough to tell a locked database from a lost connection. Every logger call that reports a
// caught error goes through safeError.

export type SafeError = {
  /** The error's class; causes: each cause's class, outermost first. */
  errorClass: string;
  causes?: string[];
  /** Upper-case codes found along the chain, e.g. ['SQLITE_CONSTRAINT_UNIQUE']. */
  codes?: string[];
};

const CODE = /^[A-Z][A-Z0-9_]{1,63}$/;
const MAX_DEPTH = 5;

function classOf(value: unknown): string {
  if (value instanceof Error) {
    const ctor = value.constructor?.name;
    return ctor && ctor !== 'Error' ? ctor : value.name || 'Error';
  }
  return value === null ? 'null' : typeof value;
}

function codesOf(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return [];
  const record = value as { code?: unknown; rawCode?: unknown };
  const codes: string[] = [];
  // Only code-shaped strings: a free-text "code" could itself carry personal data.
  if (typeof record.code === 'string' && CODE.test(record.code)) codes.push(record.code);
  if (typeof record.code === 'number' || typeof record.rawCode === 'number') {
    codes.push(`ERRNO_${Number(record.rawCode ?? record.code)}`);
  }
  return codes;
}

/** A description of error that is safe to log: classes and codes, never a message. */
export function safeError(error: unknown): SafeError {
  const causes: string[] = [];
  const codes: string[] = [...codesOf(error)];
  let cause = error instanceof Error ? error.cause : undefined;
  for (let depth = 0; cause !== undefined && depth < MAX_DEPTH; depth++) {
    causes.push(classOf(cause));
    codes.push(...codesOf(cause));
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return {
    errorClass: classOf(error),
    ...(causes.length ? { causes } : {}),
    ...(codes.length ? { codes: [...new Set(codes)] } : {}),
  };
}
