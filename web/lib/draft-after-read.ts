// The one way a form's draft is read back from the device (decision 132), for the wizard, the
// manager's wizard and the invitation page: the form answers at once, so a choice made or text
// typed while the device copy is still being read (slow on a first visit, while the service
// worker installs) must not be wiped by it. Merge rule: the user's edits win over the stored
// copy, field by field; every field the user did not touch takes the stored value.

type Fields = Record<string, unknown>;

function isPlainObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `current` over `stored`, where `current` grew from `untouched` by edits. An edit makes a new
 * value (the atoms are immutable), so a field still holding `untouched`'s own value was not
 * touched; nested records (the practitioner's details, the contract preferences, the dates) are
 * merged the same way, so a first name typed early keeps the stored last name.
 */
function keepEdits(untouched: unknown, current: unknown, stored: unknown): unknown {
  if (current === untouched) return stored;
  if (!isPlainObject(untouched) || !isPlainObject(current) || !isPlainObject(stored)) {
    return current;
  }
  const merged: Fields = { ...stored };
  for (const key of Object.keys(current)) {
    merged[key] = keepEdits(untouched[key], current[key], stored[key]);
  }
  return merged;
}

/**
 * The draft to show once the device copy is read, and whether it holds edits the device does not
 * have yet (the caller saves it then).
 */
export function draftAfterRead<T extends object>(
  untouched: T,
  current: T,
  stored: T,
): { draft: T; edited: boolean } {
  if (current === untouched) return { draft: stored, edited: false };
  return { draft: keepEdits(untouched, current, stored) as T, edited: true };
}
