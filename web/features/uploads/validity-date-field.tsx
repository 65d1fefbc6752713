// The one date a document section's validity rule needs (issue 38): "Certified on", "Dated",
// "Valid until", "Renewed on", asked beside the files. The label follows the rule as staff keep
// it (validity-rules-context.ts: from the page's own answer, the seed until one arrives); the
// server dates the document under that rule. Optional: left empty, the document is not dated.
import { useId } from 'react';
import {
  describeRule,
  VALIDITY_DATE_LABELS,
  validityDateSchema,
} from '../../../schema/document-validity.ts';
import { Field, inputClass } from '../../ui/field.tsx';
import { useValidityRule } from './validity-rules-context.ts';

/** The message for a date typed, or undefined when it is empty or fine. */
export function validityDateProblem(value: string): string | undefined {
  if (!value) return undefined;
  const result = validityDateSchema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export function ValidityDateField({
  sectionKey,
  value,
  onChange,
  disabled = false,
}: {
  sectionKey: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const rule = useValidityRule(sectionKey);
  if (!rule) return null;
  return (
    <Field
      id={id}
      className="mt-3 max-w-xs"
      label={VALIDITY_DATE_LABELS[rule.kind]}
      optional
      hint={`${describeRule(rule)}: the date on the document, so we can remind you before it runs out.`}
      error={validityDateProblem(value)}
    >
      <input
        type="date"
        className={inputClass}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
