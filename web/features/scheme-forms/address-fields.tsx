// One address of the profile: street or PO Box, suburb, town, postal code and province.
import { SA_PROVINCES } from '../../../schema/practitioner-profile.ts';
import { Field, inputClass, TextField } from '../../ui/field.tsx';
import type { AddressInput, ProfileErrors } from './profile-input.ts';

export function AddressFields({
  prefix,
  value,
  errors,
  onChange,
}: {
  /** 'physicalAddress' or 'postalAddress': the errors' path and the fields' ids. */
  prefix: 'physicalAddress' | 'postalAddress';
  value: AddressInput;
  errors: ProfileErrors;
  onChange: (next: AddressInput) => void;
}) {
  const set = (key: keyof AddressInput) => (event: { target: { value: string } }) =>
    onChange({ ...value, [key]: event.target.value });
  const id = (key: string) => `${prefix}-${key}`;
  return (
    <div className="grid gap-3">
      <TextField
        id={id('line1')}
        label={prefix === 'postalAddress' ? 'Street address or PO Box' : 'Street address'}
        autoComplete={prefix === 'postalAddress' ? 'off' : 'address-line1'}
        value={value.line1}
        onChange={set('line1')}
        error={errors[`${prefix}.line1`]}
      />
      <TextField
        id={id('line2')}
        label="Building, unit or floor"
        optional
        value={value.line2}
        onChange={set('line2')}
        error={errors[`${prefix}.line2`]}
      />
      <TextField
        id={id('suburb')}
        label="Suburb"
        optional
        value={value.suburb}
        onChange={set('suburb')}
        error={errors[`${prefix}.suburb`]}
      />
      <TextField
        id={id('city')}
        label="Town or city"
        value={value.city}
        onChange={set('city')}
        error={errors[`${prefix}.city`]}
      />
      <TextField
        id={id('postalCode')}
        label="Postal code"
        inputMode="numeric"
        value={value.postalCode}
        onChange={set('postalCode')}
        error={errors[`${prefix}.postalCode`]}
        className="max-w-xs"
      />
      <Field id={id('province')} label="Province" error={errors[`${prefix}.province`]}>
        <select className={inputClass} value={value.province} onChange={set('province')}>
          <option value="">Choose the province</option>
          {SA_PROVINCES.map((province) => (
            <option key={province} value={province}>
              {province}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}
