// One change for the selected enrolments (decision 088): status, reason (with what it needs),
// follow-up and owner, and each enrolment's own provider number (issue 40); a field left as
// 'Keep' stays as each enrolment has it. Asks to confirm, then saves all or nothing; each
// enrolment gets its own history entry.
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import {
  ENROLMENT_REASON_RULES,
  ENROLMENT_REASONS,
  type EnrolmentReason,
} from '../../../schema/enrolment.ts';
import type {
  BulkEnrolmentChangeRequest,
  StaffMember,
  WorkQueueItem,
} from '../../../schema/enrolment-api.ts';
import type { SchemeStatus } from '../../../schema/submission-api.ts';
import { Button } from '../../ui/button.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Field, inputClass } from '../../ui/field.tsx';
import { toast } from '../../ui/toast.tsx';
import { OwnerSelect, ReasonSelect } from '../dashboard/enrolment-controls.tsx';
import { reasonsFor } from '../dashboard/enrolment-fields.tsx';
import { errorMessage } from '../dashboard/presentation.ts';
import { SchemeStatusSelect } from '../statuses/scheme-status-select.tsx';
import { BulkProviderNumbers } from './bulk-provider-numbers.tsx';
import { changeInBulk } from './work-queue-load.ts';

const KEEP = '';
const KEEP_LABEL = "Keep each one's";

export function BulkChange({
  selected,
  items,
  staff,
  onDone,
}: {
  selected: string[];
  items: WorkQueueItem[];
  staff: readonly StaffMember[];
  onDone: () => void;
}) {
  const router = useRouter();
  const [status, setStatus] = useState<SchemeStatus | ''>(KEEP);
  const [reason, setReason] = useState<EnrolmentReason | ''>(KEEP);
  const [providerNumbers, setProviderNumbers] = useState<Record<string, string>>({});
  const [effectiveDate, setEffectiveDate] = useState('');
  const [followUpOn, setFollowUpOn] = useState('');
  const [ownerId, setOwnerId] = useState(KEEP);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const chosen = items.filter((i) => selected.includes(i.statusId));
  const schemes = new Set(chosen.map((i) => i.schemeName));
  const issued = reason === 'provider_number_issued';
  const numbers = Object.fromEntries(
    chosen.map((i) => [i.statusId, providerNumbers[i.statusId]?.trim() ?? '']).filter(([, n]) => n),
  );

  const body: BulkEnrolmentChangeRequest = {
    statusIds: selected,
    ...(status ? { status } : {}),
    ...(reason ? { reason } : {}),
    // Left empty, the rules' own message says what is missing.
    ...(issued && Object.keys(numbers).length > 0 ? { providerNumbers: numbers } : {}),
    ...(issued && effectiveDate ? { effectiveDate } : {}),
    ...(followUpOn ? { followUpOn } : {}),
    ...(ownerId ? { ownerId } : {}),
  };
  const nothing = Object.keys(body).length === 1;

  async function save() {
    setSaving(true);
    try {
      const { changed } = await changeInBulk(body);
      toast({ title: 'Enrolments updated', description: `${changed} enrolments changed.` });
      setConfirming(false);
      onDone();
      void router.invalidate();
    } catch (error) {
      setConfirming(false);
      toast({
        title: 'Update failed',
        description: errorMessage(error, 'The change could not be saved. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  if (selected.length === 0) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Select enrolments to change several at once.
      </p>
    );
  }
  return (
    <Card aria-labelledby="bulk-title">
      <CardTitle id="bulk-title">Change {selected.length} selected</CardTitle>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Field label="Set status">
          <SchemeStatusSelect
            first={KEEP_LABEL}
            value={status}
            onChange={(e) => {
              const next = e.target.value as SchemeStatus | '';
              setStatus(next);
              if (reason && next && !ENROLMENT_REASON_RULES[reason].statuses.includes(next)) {
                setReason(KEEP);
              }
            }}
          />
        </Field>
        <Field label="Set reason">
          <ReasonSelect
            reasons={status ? reasonsFor(status) : ENROLMENT_REASONS}
            first={KEEP_LABEL}
            value={reason}
            onChange={(e) => setReason(e.target.value as EnrolmentReason | '')}
          />
        </Field>
        {issued && (
          <BulkProviderNumbers
            enrolments={chosen}
            providerNumbers={providerNumbers}
            effectiveDate={effectiveDate}
            onProviderNumber={(statusId, n) =>
              setProviderNumbers((all) => ({ ...all, [statusId]: n }))
            }
            onEffectiveDate={setEffectiveDate}
          />
        )}
        <Field label="Set follow-up">
          <input
            type="date"
            value={followUpOn}
            onChange={(e) => setFollowUpOn(e.target.value)}
            className={inputClass}
          />
        </Field>
        <Field label="Set owner">
          <OwnerSelect
            staff={staff}
            first={KEEP_LABEL}
            value={ownerId}
            onChange={(e) => setOwnerId(e.target.value)}
          />
        </Field>
      </div>
      <div className="mt-3 flex justify-end">
        <Button isDisabled={nothing || saving} onPress={() => setConfirming(true)}>
          Apply to {selected.length} {selected.length === 1 ? 'enrolment' : 'enrolments'}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Change ${selected.length} ${selected.length === 1 ? 'enrolment' : 'enrolments'}?`}
        confirmLabel={saving ? 'Saving...' : 'Yes, change them'}
        onConfirm={() => void save()}
        onCancel={() => setConfirming(false)}
      >
        {[...schemes].join(', ')}: each enrolment is changed and gets its own history entry.
      </ConfirmDialog>
    </Card>
  );
}
