import { useCallback, useRef, useState } from 'react';
import type { Draft } from './draft.ts';
import { fieldValue, firstErrorField, withFieldChecked } from './field-errors.ts';
import type { FieldErrors } from './submission-payload.ts';

export type FieldErrorsApi = {
  errors: FieldErrors;
  /**
   * Checks one field of this draft (see withFieldChecked). Until the first Continue or Submit
   * shows problems, leaving an empty field does not mark it (decision 097).
   */
  check: (path: string, draft: Draft, force: boolean) => void;
  /**
   * Shows these errors at their fields (the error summary takes the focus); false when none
   * of them belongs to a field.
   */
  show: (errors: FieldErrors) => boolean;
};

export function useFieldErrors(): FieldErrorsApi {
  const [errors, setErrors] = useState<FieldErrors>({});
  const tried = useRef(false);
  const check = useCallback(
    (path: string, draft: Draft, force: boolean) =>
      setErrors((current) =>
        withFieldChecked(
          current,
          path,
          draft,
          force && (tried.current || fieldValue(path, draft).trim() !== ''),
        ),
      ),
    [],
  );
  const show = useCallback((next: FieldErrors) => {
    setErrors(next);
    if (Object.keys(next).length > 0) tried.current = true;
    return firstErrorField(next) !== undefined;
  }, []);
  return { errors, check, show };
}
