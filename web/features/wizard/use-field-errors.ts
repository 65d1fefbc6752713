import { useCallback, useState } from 'react';
import type { Draft } from './draft.ts';
import { firstErrorField, withFieldChecked } from './field-errors.ts';
import type { FieldErrors } from './submission-payload.ts';

export type FieldErrorsApi = {
  errors: FieldErrors;
  /** Checks one field of this draft (see withFieldChecked). */
  check: (path: string, draft: Draft, force: boolean) => void;
  /** Shows these errors and focuses the first field; false when none has a field on screen. */
  show: (errors: FieldErrors) => boolean;
};

export function useFieldErrors(): FieldErrorsApi {
  const [errors, setErrors] = useState<FieldErrors>({});
  const check = useCallback(
    (path: string, draft: Draft, force: boolean) =>
      setErrors((current) => withFieldChecked(current, path, draft, force)),
    [],
  );
  const show = useCallback((next: FieldErrors) => {
    setErrors(next);
    const id = firstErrorField(next);
    if (id) document.getElementById(id)?.focus();
    return id !== undefined;
  }, []);
  return { errors, check, show };
}
