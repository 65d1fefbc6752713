// Editing one section's validity rule (issue 38, decision 118), in the catalogue's manner: a
// dialog with the kind, the months or the yearly day, and the page the rule comes from. Saving
// re-dates every open document of the section; the page's history then says so.
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import type { StaffValidityView } from '../../../schema/document-validity-api.ts';
import { MONTH_NAMES } from '../../../schema/month-names.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field, inputClass, TextField } from '../../ui/field.tsx';
import { toast } from '../../ui/toast.tsx';
import { type FormErrors, formErrorsOf, NO_ERRORS } from '../catalogue/form-errors.ts';
import { formOfRule, RULE_KIND_LABELS, type RuleForm, ruleUpdateOf } from './rule-form.ts';
import { changeRule } from './validity-load.ts';

type Rule = StaffValidityView['rules'][number];

export function RuleEditDialog({ rule, onClose }: { rule: Rule; onClose: () => void }) {
  const router = useRouter();
  const [form, setForm] = useState<RuleForm>(() => formOfRule(rule.rule, rule.source));
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saving, setSaving] = useState(false);
  const set = (name: keyof RuleForm, value: string) => setForm((f) => ({ ...f, [name]: value }));
  const text = (name: 'months' | 'day' | 'source') => ({
    value: form[name],
    error: errors.fields[name],
    disabled: saving,
    onChange: (e: { currentTarget: { value: string } }) => set(name, e.currentTarget.value),
  });

  async function save() {
    const checked = ruleUpdateOf(rule.sectionKey, form);
    if (!checked.ok) {
      setErrors({ message: null, fields: checked.fields });
      return;
    }
    setSaving(true);
    try {
      await changeRule(rule.sectionKey, checked.update);
      toast({
        title: 'Rule saved',
        description: `${rule.sectionLabel}: open applications are dated by the new rule.`,
      });
      await router.invalidate();
      onClose();
    } catch (error) {
      setErrors(formErrorsOf(error));
      setSaving(false);
    }
  }

  const withinMonths = form.kind === 'certified_within' || form.kind === 'dated_within';
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => {
        if (!open && !saving) onClose();
      }}
      isDismissable={!saving}
      title={`Edit the rule for ${rule.sectionLabel}`}
    >
      <form
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          void save();
        }}
        className="space-y-4"
        noValidate
      >
        {errors.message && <Alert tone="error">{errors.message}</Alert>}
        <p className="text-sm text-slate-600 dark:text-slate-300">Now: {rule.description}.</p>
        <Field label="Kind of rule">
          <select
            value={form.kind}
            disabled={saving}
            onChange={(e) => set('kind', e.currentTarget.value)}
            className={inputClass}
          >
            {Object.entries(RULE_KIND_LABELS).map(([kind, label]) => (
              <option key={kind} value={kind}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        {withinMonths && (
          <TextField
            label="Months"
            hint="How old the date on the document may be"
            inputMode="numeric"
            {...text('months')}
          />
        )}
        {form.kind === 'renewed_yearly' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Day" inputMode="numeric" {...text('day')} />
            <Field label="Month">
              <select
                value={form.month}
                disabled={saving}
                onChange={(e) => set('month', e.currentTarget.value)}
                className={inputClass}
              >
                {MONTH_NAMES.map((name, i) => (
                  <option key={name} value={String(i + 1)}>
                    {name}
                  </option>
                ))}
              </select>
            </Field>
          </div>
        )}
        <TextField
          label="Where the rule comes from"
          hint="The scheme's or council's page, as a web address"
          type="url"
          {...text('source')}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onPress={onClose} isDisabled={saving}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={saving}>
            {saving ? 'Saving…' : 'Save the rule'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
