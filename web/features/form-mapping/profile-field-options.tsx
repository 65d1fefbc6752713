// The profile fields a form field or placed box can be filled with, as <option>s.
import { PROFILE_FIELDS } from '../../../schema/profile-fields.ts';

export function ProfileFieldOptions() {
  return PROFILE_FIELDS.map((field) => (
    <option key={field.key} value={field.key}>
      {field.label}
    </option>
  ));
}
