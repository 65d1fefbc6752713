// The bank details of the profile: the bank from the list (its universal branch code filled in),
// account number and type, account holder. Numbers are accepted with the spaces people type.
import { ACCOUNT_TYPE_LABELS, ACCOUNT_TYPES } from '../../../schema/practitioner-profile.ts';
import { OTHER_BANK, SA_BANKS } from '../../../schema/sa-banks.ts';
import { Field, inputClass, TextField } from '../../ui/field.tsx';
import { type ProfileErrors, type ProfileInput, withBank } from './profile-input.ts';

export function BankFields({
  input,
  errors,
  onChange,
}: {
  input: ProfileInput;
  errors: ProfileErrors;
  onChange: (next: ProfileInput) => void;
}) {
  const bank = input.bank;
  const set = (key: keyof ProfileInput['bank']) => (event: { target: { value: string } }) =>
    onChange({ ...input, bank: { ...bank, [key]: event.target.value } });
  return (
    <div className="grid gap-3">
      <Field id="bank-bank" label="Bank" error={errors['bank.bank']}>
        <select
          className={inputClass}
          value={bank.bank}
          onChange={(event) => onChange(withBank(input, event.target.value))}
        >
          <option value="">Choose the bank</option>
          {SA_BANKS.map((listed) => (
            <option key={listed.key} value={listed.key}>
              {listed.name}
            </option>
          ))}
          <option value={OTHER_BANK}>Another bank</option>
        </select>
      </Field>
      {bank.bank === OTHER_BANK && (
        <TextField
          id="bank-otherBankName"
          label="Bank's name"
          value={bank.otherBankName}
          onChange={set('otherBankName')}
          error={errors['bank.otherBankName']}
        />
      )}
      <TextField
        id="bank-branchCode"
        label="Branch code"
        hint="Filled in with the bank's universal branch code; change it if your bank says so."
        inputMode="numeric"
        value={bank.branchCode}
        onChange={set('branchCode')}
        error={errors['bank.branchCode']}
        className="max-w-xs"
      />
      <TextField
        id="bank-accountNumber"
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        value={bank.accountNumber}
        onChange={set('accountNumber')}
        error={errors['bank.accountNumber']}
      />
      <Field id="bank-accountType" label="Account type" error={errors['bank.accountType']}>
        <select className={inputClass} value={bank.accountType} onChange={set('accountType')}>
          <option value="">Choose the account type</option>
          {ACCOUNT_TYPES.map((type) => (
            <option key={type} value={type}>
              {ACCOUNT_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </Field>
      <TextField
        id="bank-accountHolder"
        label="Account holder"
        hint="As the bank has it, e.g. Dr T Nkosi or Nkosi Family Practice"
        value={bank.accountHolder}
        onChange={set('accountHolder')}
        error={errors['bank.accountHolder']}
      />
    </div>
  );
}
