// What the invitation asks of its practitioner (decision 126): their details, their own
// documents (the non-practice sections, in the wizard's upload cards: kept on the device,
// resumable, with the issue-38 date where a rule asks), the practice's schemes to untick, notes
// and their own POPIA consent; then Submit, sent now or queued until the connection returns.
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { InvitationView } from '../../../schema/practice-api.ts';
import { MAX_NOTES_LENGTH } from '../../../schema/submission-api.ts';
import { setUploadSections } from '../../lib/uploads/scheduler.ts';
import { useOnline } from '../../lib/use-online.ts';
import { Card } from '../../ui/card.tsx';
import { TextAreaField } from '../../ui/field.tsx';
import { PopiaConsent } from '../consent/popia-consent.tsx';
import { DocumentUploadCards } from '../uploads/document-upload-cards.tsx';
import { useUploads } from '../uploads/use-uploads.ts';
import { useKeepDraftUploads } from '../wizard/use-keep-draft-uploads.ts';
import { WizardStep } from '../wizard/wizard-step.tsx';
import { joinDraftAtom, startJoinDraft, updateJoinDraft } from './join-draft.ts';
import { ownSections } from './join-payload.ts';
import { fieldId } from './join-problems.ts';
import { JoinProblems } from './join-problems-list.tsx';
import { JoinSubmitCard } from './join-submit-card.tsx';
import type { SchemeName } from './load-invitation.ts';
import { OwnDetails } from './own-details.tsx';
import { SchemeChoice } from './scheme-choice.tsx';
import { useJoinSubmit } from './use-join-submit.ts';

export function JoinForm({
  token,
  view,
  schemes,
}: {
  token: string;
  view: InvitationView;
  schemes: readonly SchemeName[];
}) {
  const draft = useAtomValue(joinDraftAtom);
  const { practiceType } = view.practice;
  const sections = useMemo(() => ownSections(practiceType), [practiceType]);
  const { files } = useUploads();
  const ownFiles = useMemo(
    () => files.filter((f) => sections.some((s) => s.key === f.sectionKey)),
    [files, sections],
  );
  const online = useOnline();
  const [errors, setErrorState] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | undefined>();
  const problemsRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void startJoinDraft(token, view.invitee.email);
  }, [token, view.invitee.email]);
  useEffect(() => {
    setUploadSections(sections.map((s) => s.key));
  }, [sections]);
  useKeepDraftUploads(ownFiles);

  const setErrors = useCallback((next: Record<string, string>, said?: string) => {
    setErrorState(next);
    const shown = Object.keys(next).length > 0 || said;
    setMessage(shown ? (said ?? 'Please check the fields below.') : undefined);
    if (shown) requestAnimationFrame(() => problemsRef.current?.focus());
  }, []);

  const { state, submit, takeBack } = useJoinSubmit({
    invitation: token,
    practiceType,
    practiceSchemes: view.practice.selectedSchemes,
    setErrors,
  });
  const locked = state !== 'idle';

  if (!draft) {
    return (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
        Loading your part…
      </p>
    );
  }
  return (
    <>
      <OwnDetails practiceType={practiceType} errors={errors} disabled={locked} />
      <SchemeChoice schemes={schemes} error={errors.selectedSchemes} disabled={locked} />
      <WizardStep title="Your documents">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Only yours: the practice's documents are already filed. Files are kept on this device
          first, then uploaded. You can leave and come back: nothing is lost.
        </p>
        <DocumentUploadCards
          sections={sections}
          files={ownFiles}
          online={online}
          locked={locked}
          attempted={Object.keys(errors).length > 0}
          dates={draft.documentDates}
          onDatesChange={(update) =>
            updateJoinDraft((d) => ({ ...d, documentDates: update(d.documentDates) }))
          }
        />
      </WizardStep>
      <Card>
        <TextAreaField
          id={fieldId('additionalNotes')}
          label="Additional Notes"
          optional
          rows={4}
          maxLength={MAX_NOTES_LENGTH}
          disabled={locked}
          value={draft.additionalNotes}
          error={errors.additionalNotes}
          onChange={(e) => {
            const additionalNotes = e.currentTarget.value;
            updateJoinDraft((d) => ({ ...d, additionalNotes }));
          }}
          hint="Anything our team should know about your application."
        />
      </Card>
      {/* While the part waits to be sent, what it says cannot change. */}
      <fieldset disabled={locked} className="m-0 min-w-0 border-0 p-0">
        <PopiaConsent
          id="join-consent"
          consent={draft.consent}
          onChange={(consent) => updateJoinDraft((d) => ({ ...d, consent }))}
        />
      </fieldset>
      {message && <JoinProblems ref={problemsRef} message={message} errors={errors} />}
      <JoinSubmitCard
        state={state}
        onSubmit={() => void submit()}
        onTakeBack={() => void takeBack()}
      />
    </>
  );
}
