// Check and send: the practice's answers in one place, each with a link back to its page,
// then Send. While the practice waits to go (files still uploading, no connection, a busy
// server) this says so, and what happens next.
import { useAtomValue } from 'jotai';
import type { DocumentSection } from '../../../schema/sections.ts';
import type { QueuedFile } from '../../lib/uploads/store.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { WizardStep } from '../wizard/wizard-step.tsx';
import { practiceDraftAtom } from './practice-draft.ts';
import { PRACTICE_STEPS, type PracticeStepKey } from './practice-steps.ts';
import type { PracticeSendState } from './use-practice-send.ts';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium">{label}</dt>
      <dd className="text-sm break-words text-slate-700 sm:col-span-2 dark:text-slate-300">
        {value || 'Not given'}
      </dd>
    </div>
  );
}

export function SendState({ state, online }: { state: PracticeSendState; online: boolean }) {
  switch (state.kind) {
    case 'sending':
      return <Alert tone="info">Sending the practice…</Alert>;
    case 'waiting':
      return (
        <Alert tone={state.failed > 0 ? 'error' : 'info'} title="Waiting for the practice's files">
          {state.failed > 0
            ? `${state.failed} file(s) could not be uploaded. Choose Edit the application, then send them again or remove them on the documents page.`
            : `${state.moving} file(s) are still uploading. The practice is sent as soon as they are up, whichever page of this app is open.`}
        </Alert>
      );
    case 'queued':
      return (
        <Alert tone="warning" title="Your practice is saved on this device and will be sent">
          {state.message ??
            (online
              ? 'It will be tried again shortly, whichever page of this app is open.'
              : 'You are offline. It is sent when you are back online, whichever page of this app is open.')}
        </Alert>
      );
    case 'refused':
      return (
        <Alert tone="error" title="The practice could not be sent">
          {state.message}
        </Alert>
      );
    default:
      return null;
  }
}

export function CheckStep({
  sections,
  files,
  state,
  online,
  onGo,
  onSend,
  onTakeBack,
}: {
  sections: readonly DocumentSection[];
  files: readonly QueuedFile[];
  state: PracticeSendState;
  online: boolean;
  onGo: (step: PracticeStepKey) => void;
  onSend: () => void;
  onTakeBack: () => void;
}) {
  const draft = useAtomValue(practiceDraftAtom);
  const busy = state.kind !== 'idle' && state.kind !== 'refused';
  const title = (key: PracticeStepKey) => PRACTICE_STEPS.find((s) => s.key === key)!.title;
  const change = (key: PracticeStepKey) => (
    <Button variant="secondary" onPress={() => onGo(key)} aria-label={`Change ${title(key)}`}>
      Change
    </Button>
  );
  return (
    <WizardStep title="Check and send">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">{title('details')}</h3>
        {!busy && change('details')}
      </div>
      <dl className="divide-y divide-slate-200 dark:divide-slate-700">
        <Row
          label="Practice type"
          value={draft.practiceType === 'established' ? 'Established Practice' : 'New Practice'}
        />
        <Row label="Practice name" value={draft.name} />
        {draft.practiceType === 'established' && (
          <Row label="Practice number" value={draft.practiceNumber} />
        )}
        <Row label="Address" value={draft.address} />
        <Row label="Contact" value={`${draft.contactPhone} · ${draft.contactEmail}`} />
        <Row label="Practice manager" value={`${draft.managerName} · ${draft.managerEmail}`} />
      </dl>
      <div className="mt-4 flex items-center justify-between gap-2">
        <h3 className="font-semibold">{title('documents')}</h3>
        {!busy && change('documents')}
      </div>
      <dl className="divide-y divide-slate-200 dark:divide-slate-700">
        {sections.map((s) => {
          const n = files.filter((f) => f.sectionKey === s.key).length;
          return <Row key={s.key} label={s.label} value={n === 0 ? '' : `${n} file(s)`} />;
        })}
      </dl>
      <div className="mt-4 flex items-center justify-between gap-2">
        <h3 className="font-semibold">{title('schemes')}</h3>
        {!busy && change('schemes')}
      </div>
      <p className="py-2 text-sm">{draft.selectedSchemes.length} scheme(s) chosen</p>
      <div className="mt-4 flex items-center justify-between gap-2">
        <h3 className="font-semibold">{title('practitioners')}</h3>
        {!busy && change('practitioners')}
      </div>
      <ul className="py-2 text-sm">
        {draft.invitees.map((i, n) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own.
          <li key={n} className="py-1 break-words">
            {i.name} · {i.email}
          </li>
        ))}
      </ul>
      <div className="mt-4 space-y-3" aria-live="polite">
        <SendState state={state} online={online} />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button onPress={onSend} isDisabled={busy}>
          Send the practice and invitations
        </Button>
        {(state.kind === 'queued' || state.kind === 'waiting') && (
          <Button variant="secondary" onPress={onTakeBack}>
            Edit the application
          </Button>
        )}
      </div>
    </WizardStep>
  );
}
