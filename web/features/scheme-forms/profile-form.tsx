// The profile step: what scheme forms ask that the application did not (practice name,
// addresses, date of birth and gender, qualifications, council registration, bank details, VAT),
// typed once. Every problem shows at its field on Continue, and the first one is focused.
import type { FormEvent } from 'react';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { TextField } from '../../ui/field.tsx';
import { AddressFields } from './address-fields.tsx';
import { BankFields } from './bank-fields.tsx';
import type { ProfileErrors, ProfileInput } from './profile-input.ts';

/** The fields' ids in screen order, by error path: the first with a problem is focused. */
export function fieldIdOf(path: string): string {
  return path.replace('.', '-');
}

export function ProfileForm({
  input,
  errors,
  busy,
  problem,
  fromIdNumber,
  onChange,
  onSubmit,
  proof,
}: {
  input: ProfileInput;
  errors: ProfileErrors;
  busy: boolean;
  problem: string | null;
  /** The date of birth and gender were filled in from the application's ID number. */
  fromIdNumber: boolean;
  onChange: (next: ProfileInput) => void;
  onSubmit: () => void;
  /** The one-time code step, when the server asks for one before saving. */
  proof?: React.ReactNode;
}) {
  const set =
    (key: 'practiceName' | 'dateOfBirth' | 'qualifications' | 'councilRegistration') =>
    (event: { target: { value: string } }) =>
      onChange({ ...input, [key]: event.target.value });
  const count = Object.keys(errors).length;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Your details">
      {count > 0 && (
        <Alert tone="error" title="Some details need attention">
          {count === 1 ? 'One field has a problem' : `${count} fields have a problem`}: see the
          messages below.
        </Alert>
      )}
      <Card aria-labelledby="practice-title">
        <CardTitle id="practice-title">Practice</CardTitle>
        <div className="mt-3 grid gap-3">
          <TextField
            id="practiceName"
            label="Practice name"
            autoComplete="organization"
            value={input.practiceName}
            onChange={set('practiceName')}
            error={errors.practiceName}
          />
        </div>
      </Card>
      <Card aria-labelledby="physical-title">
        <CardTitle id="physical-title">Physical address of the practice</CardTitle>
        <div className="mt-3">
          <AddressFields
            prefix="physicalAddress"
            value={input.physicalAddress}
            errors={errors}
            onChange={(physicalAddress) => onChange({ ...input, physicalAddress })}
          />
        </div>
      </Card>
      <Card aria-labelledby="postal-title">
        <CardTitle id="postal-title">Postal address</CardTitle>
        <Checkbox
          className="mt-2"
          checked={input.postalSameAsPhysical}
          onChange={(event) => onChange({ ...input, postalSameAsPhysical: event.target.checked })}
        >
          The same as the physical address
        </Checkbox>
        {!input.postalSameAsPhysical && (
          <div className="mt-3">
            <AddressFields
              prefix="postalAddress"
              value={input.postalAddress}
              errors={errors}
              onChange={(postalAddress) => onChange({ ...input, postalAddress })}
            />
          </div>
        )}
      </Card>
      <Card aria-labelledby="personal-title">
        <CardTitle id="personal-title">About you</CardTitle>
        <div className="mt-3 grid gap-3">
          <TextField
            id="dateOfBirth"
            label="Date of birth"
            type="date"
            value={input.dateOfBirth}
            onChange={set('dateOfBirth')}
            error={errors.dateOfBirth}
            hint={
              fromIdNumber
                ? 'Filled in with your gender from the ID number in your application: check both'
                : undefined
            }
            className="max-w-xs"
          />
          <fieldset aria-describedby={errors.gender ? 'gender-error' : undefined}>
            <legend className="mb-1 text-sm font-medium">Gender, as on your ID</legend>
            <div className="flex gap-4">
              {(['female', 'male'] as const).map((gender) => (
                <label key={gender} className="flex min-h-11 cursor-pointer items-center gap-2">
                  <input
                    type="radio"
                    name="gender"
                    id={gender === 'female' ? 'gender' : undefined}
                    value={gender}
                    checked={input.gender === gender}
                    onChange={() => onChange({ ...input, gender })}
                    className="size-5 accent-teal-700 dark:accent-teal-500"
                  />
                  {gender === 'female' ? 'Female' : 'Male'}
                </label>
              ))}
            </div>
            {errors.gender && (
              <p
                id="gender-error"
                className="mt-1 text-sm font-medium text-red-700 dark:text-red-300"
              >
                {errors.gender}
              </p>
            )}
          </fieldset>
          <TextField
            id="qualifications"
            label="Qualifications"
            hint="e.g. MBChB (UCT) 2008, FCP (SA)"
            value={input.qualifications}
            onChange={set('qualifications')}
            error={errors.qualifications}
          />
          <TextField
            id="councilRegistration"
            label="Council registration number"
            hint="Your HPCSA number, e.g. MP 0123456"
            value={input.councilRegistration}
            onChange={set('councilRegistration')}
            error={errors.councilRegistration}
          />
        </div>
      </Card>
      <Card aria-labelledby="bank-title">
        <CardTitle id="bank-title">Bank details for scheme payments</CardTitle>
        <div className="mt-3">
          <BankFields input={input} errors={errors} onChange={onChange} />
        </div>
      </Card>
      <Card aria-labelledby="vat-title">
        <CardTitle id="vat-title">VAT</CardTitle>
        <Checkbox
          className="mt-2"
          checked={input.vatRegistered}
          onChange={(event) => onChange({ ...input, vatRegistered: event.target.checked })}
        >
          The practice is registered for VAT
        </Checkbox>
        {input.vatRegistered && (
          <TextField
            id="vatNumber"
            className="mt-2"
            label="VAT number"
            inputMode="numeric"
            value={input.vatNumber}
            onChange={(event) => onChange({ ...input, vatNumber: event.target.value })}
            error={errors.vatNumber}
          />
        )}
      </Card>
      {problem && <Alert tone="error">{problem}</Alert>}
      {proof}
      <Button type="submit" isDisabled={busy} className="self-start">
        {busy ? 'Saving…' : 'Save and fill my forms'}
      </Button>
    </form>
  );
}
