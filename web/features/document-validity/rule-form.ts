// The rule edit form's values and the rule they make (issue 38, decision 118): the kind, the
// months for "within N months", the day and month for "renewed every year by", and the source.
// Checked with the schema's own contract, so the form refuses what the server would.
import {
  type SectionValidityRule,
  sectionValidityRuleSchema,
  type ValidityRule,
} from '../../../schema/document-validity.ts';
import type { ValidityRuleUpdate } from '../../../schema/document-validity-api.ts';

export type RuleForm = {
  kind: ValidityRule['kind'];
  months: string;
  month: string;
  day: string;
  source: string;
};

export const RULE_KIND_LABELS: Record<ValidityRule['kind'], string> = {
  certified_within: 'Certified within N months',
  dated_within: 'Dated within N months',
  valid_until: 'Valid until the date on it',
  renewed_yearly: 'Renewed every year by a day',
};

export function formOfRule(rule: ValidityRule, source: string): RuleForm {
  return {
    kind: rule.kind,
    months: 'months' in rule ? String(rule.months) : '3',
    month: rule.kind === 'renewed_yearly' ? String(rule.month) : '3',
    day: rule.kind === 'renewed_yearly' ? String(rule.day) : '31',
    source,
  };
}

function ruleOf(form: RuleForm): ValidityRule {
  switch (form.kind) {
    case 'certified_within':
    case 'dated_within':
      return { kind: form.kind, months: Number(form.months) };
    case 'valid_until':
      return { kind: 'valid_until' };
    case 'renewed_yearly':
      return { kind: 'renewed_yearly', month: Number(form.month), day: Number(form.day) };
  }
}

const MONTHS_MESSAGE = 'Give a whole number of months from 1 to 60.';

export type RuleFormResult =
  | { ok: true; update: ValidityRuleUpdate }
  | { ok: false; fields: Partial<Record<'months' | 'day' | 'source', string>> };

/** The change to send, or the message for each field that is not right. */
export function ruleUpdateOf(sectionKey: string, form: RuleForm): RuleFormResult {
  const candidate: SectionValidityRule = {
    sectionKey,
    rule: ruleOf(form),
    source: form.source.trim(),
  };
  const parsed = sectionValidityRuleSchema.safeParse(candidate);
  if (parsed.success)
    return { ok: true, update: { rule: parsed.data.rule, source: parsed.data.source } };
  const fields: Partial<Record<'months' | 'day' | 'source', string>> = {};
  for (const issue of parsed.error.issues) {
    const [head, name] = issue.path;
    if (head === 'source') fields.source ??= issue.message;
    else if (name === 'months') fields.months = MONTHS_MESSAGE;
    else if (name === 'day')
      fields.day ??= issue.message.startsWith('That day')
        ? issue.message
        : 'Give a day of the month from 1 to 31.';
  }
  return { ok: false, fields };
}
