// One validity change in words: "Proof of bank account: Dated within 3 months → Dated within
// 2 months (12 documents re-dated)", or the reminder days before and after.
import type { StaffValidityView } from '../../../schema/document-validity-api.ts';

type Change = StaffValidityView['changes'][number];

const daysOf = (value: unknown): string => {
  const days = (value as { reminderLeadDays?: unknown } | null)?.reminderLeadDays;
  return Array.isArray(days) ? days.join(', ') : '?';
};

export function describeValidityChange(
  change: Change,
  rules: StaffValidityView['rules'],
): { what: string; source: string | null } {
  const d = change.details ?? {};
  if (change.action === 'validity_settings_changed') {
    return {
      what: `Reminder days before the last good day: ${daysOf(d.from)} → ${daysOf(d.to)}`,
      source: null,
    };
  }
  const label = rules.find((r) => r.sectionKey === change.entityId)?.sectionLabel;
  const from = typeof d.from === 'string' ? d.from : 'no rule';
  const to = typeof d.to === 'string' ? d.to : '?';
  const count = typeof d.documentsRedated === 'number' ? d.documentsRedated : 0;
  const redated = `${count} ${count === 1 ? 'document' : 'documents'} re-dated`;
  const rule = from === to ? `${to} (source changed)` : `${from} → ${to}`;
  return {
    what: `${label ?? change.entityId}: ${rule}; ${redated}`,
    source: typeof d.source === 'string' ? d.source : null,
  };
}
