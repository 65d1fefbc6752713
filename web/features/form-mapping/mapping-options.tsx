// The <option>s the mapping screen's selects share: the profile fields a form field or placed
// box is filled with, the answers that tick a box, and the kinds of placed box.
import { PROFILE_FIELDS } from '../../../schema/profile-fields.ts';
import { BOX_KIND_LABELS } from './mapping-draft.ts';

export function ProfileFieldOptions() {
  return PROFILE_FIELDS.map((field) => (
    <option key={field.key} value={field.key}>
      {field.label}
    </option>
  ));
}

/** 'the value is given' (''), or one of the field's fixed answers. */
export function TickedWhenOptions({ answers }: { answers: readonly string[] }) {
  return (
    <>
      <option value="">the value is given</option>
      {answers.map((answer) => (
        <option key={answer} value={answer}>
          the value is {answer}
        </option>
      ))}
    </>
  );
}

export function BoxKindOptions() {
  return Object.entries(BOX_KIND_LABELS).map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));
}
