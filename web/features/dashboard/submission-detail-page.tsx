// /dashboard/submissions/$id (beyond the SPEC): one submission for review: documents with
// view/download and approve/reject, the submission's status, each scheme's status, notes and
// hard-copy flag, the timeline and the audit trail.
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { SchemeStatus, SubmissionStatus } from '../../../schema/api.ts';
import { timelineState, timelineTitle } from '../../../schema/rules.ts';
import { findAnySection } from '../../../schema/sections.ts';
import { formatDate, formatDateTime, isoDateTime } from '../../lib/dates.ts';
import {
  dashboardStatusView,
  documentStatusView,
  practiceTypeLabel,
  schemeStatusView,
} from '../../lib/status-labels.ts';
import { Alert } from '../../ui/alert.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field, inputClass } from '../../ui/field.tsx';
import { toast } from '../../ui/toast.tsx';
import { DeleteSubmissionDialog, type SubmissionToDelete } from './delete-submission-dialog.tsx';
import { downloadDocument, viewDocument } from './document-files.ts';
import {
  errorMessage,
  formatMegabytes,
  SCHEME_STATUSES,
  SUBMISSION_STATUSES,
  trackingPath,
} from './presentation.ts';
import {
  fetchSubmission,
  reviewDocument,
  STATS_KEY,
  type StaffDocument,
  type StaffSubmission,
  SUBMISSIONS_PREFIX,
  submissionKey,
  updateSchemeStatus,
  updateSubmissionStatus,
} from './staff-api.ts';
import { refresh, useCached } from './staff-cache.ts';

function updateFailed(error: unknown) {
  toast({
    title: 'Update failed',
    description: errorMessage(error, 'The change could not be saved. Please try again.'),
    variant: 'destructive',
  });
}

/** A review changes the detail, and may change the lists and the stats. */
function refreshAfterReview() {
  refresh(SUBMISSIONS_PREFIX, STATS_KEY);
}

export function SubmissionDetailPage({ id }: { id: string }) {
  const detail = useCached(submissionKey(id), () => fetchSubmission(id));
  const navigate = useNavigate();
  const [toDelete, setToDelete] = useState<SubmissionToDelete | null>(null);

  const back = (
    <Link to="/dashboard/submissions" className={buttonClass('ghost', '-ml-3')}>
      ← All submissions
    </Link>
  );
  if (!detail.data) {
    return (
      <div className="space-y-4">
        {back}
        {detail.error !== undefined ? (
          <Alert tone="error" title="Could not load this submission">
            {errorMessage(detail.error, 'Please try again.')}
          </Alert>
        ) : (
          <p role="status" className="py-6 text-center text-slate-600 dark:text-slate-300">
            Loading submission...
          </p>
        )}
      </div>
    );
  }

  const data = detail.data;
  const { submission, practitioner } = data;
  const name = `${practitioner.firstName} ${practitioner.lastName}`;
  const badge = dashboardStatusView[submission.status];

  return (
    <div className="space-y-6">
      {back}
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
            <Badge tone={badge.tone}>{badge.label}</Badge>
            <span>
              {practiceTypeLabel(submission.practiceType)} · submitted{' '}
              <time dateTime={isoDateTime(submission.createdAt)}>
                {formatDateTime(submission.createdAt)}
              </time>
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href={trackingPath(submission.trackingToken)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('secondary')}
          >
            Open tracking page
          </a>
          <Button
            variant="destructive"
            onPress={() => setToDelete({ id: submission.id, practitionerName: name })}
          >
            Delete submission
          </Button>
        </div>
      </header>
      {detail.error !== undefined && (
        <Alert tone="warning" title="Could not refresh this submission">
          {errorMessage(detail.error, 'Showing the last loaded details.')}
        </Alert>
      )}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <DocumentsCard documents={data.documents} />
          <SchemesCard data={data} />
          <TimelineCard data={data} />
          <AuditCard data={data} />
        </div>
        <div className="space-y-6">
          <StatusCard key={submission.status} id={submission.id} status={submission.status} />
          <DetailsCard data={data} />
        </div>
      </div>
      <DeleteSubmissionDialog
        target={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={() => void navigate({ to: '/dashboard/submissions' })}
      />
    </div>
  );
}

function sectionOf(doc: StaffDocument): string {
  return doc.sectionLabel || findAnySection(doc.sectionKey)?.label || doc.documentType;
}

function DocumentsCard({ documents }: { documents: StaffDocument[] }) {
  const [rejecting, setRejecting] = useState<StaffDocument | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function approve(doc: StaffDocument) {
    setBusy(doc.id);
    try {
      await reviewDocument(doc.id, { status: 'approved' });
      toast({ title: 'Document approved', description: `${doc.fileName} is marked approved.` });
      refreshAfterReview();
    } catch (error) {
      updateFailed(error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card aria-labelledby="documents-title">
      <CardTitle id="documents-title">Documents ({documents.length})</CardTitle>
      {documents.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">No documents uploaded.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
          {documents.map((doc) => {
            const badge = documentStatusView[doc.status];
            return (
              <li key={doc.id} aria-label={doc.fileName} className="py-3">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium break-all">{doc.fileName}</p>
                    <p className="text-xs text-slate-600 dark:text-slate-400">
                      {sectionOf(doc)} · {formatMegabytes(doc.fileSize)} · uploaded{' '}
                      {formatDateTime(doc.uploadedAt)}
                    </p>
                  </div>
                  <Badge tone={badge.tone}>{badge.label}</Badge>
                </div>
                {doc.status === 'rejected' && doc.rejectionReason && (
                  <p className="mt-2 text-sm text-red-800 dark:text-red-300">
                    Reason: {doc.rejectionReason}
                  </p>
                )}
                <div className="mt-2 flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    className="px-3"
                    aria-label={`View ${doc.fileName}`}
                    onPress={() => void viewDocument(doc.id, doc.fileType)}
                  >
                    View
                  </Button>
                  <Button
                    variant="secondary"
                    className="px-3"
                    aria-label={`Download ${doc.fileName}`}
                    onPress={() => void downloadDocument(doc.id, doc.fileName)}
                  >
                    Download
                  </Button>
                  <Button
                    className="px-3"
                    aria-label={`Approve ${doc.fileName}`}
                    isDisabled={doc.status === 'approved' || busy === doc.id}
                    onPress={() => void approve(doc)}
                  >
                    Approve
                  </Button>
                  <Button
                    variant="destructive"
                    className="px-3"
                    aria-label={`Reject ${doc.fileName}`}
                    isDisabled={busy === doc.id}
                    onPress={() => setRejecting(doc)}
                  >
                    Reject
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <RejectDocumentDialog document={rejecting} onClose={() => setRejecting(null)} />
    </Card>
  );
}

function RejectDocumentDialog({
  document,
  onClose,
}: {
  document: StaffDocument | null;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  function close() {
    if (saving) return;
    setReason('');
    setError(undefined);
    onClose();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!document) return;
    const trimmed = reason.trim();
    if (!trimmed) {
      setError('Give a reason when rejecting a document');
      return;
    }
    setSaving(true);
    try {
      await reviewDocument(document.id, { status: 'rejected', reason: trimmed });
      toast({
        title: 'Document rejected',
        description: 'The practitioner sees the reason on their tracking page.',
      });
      refreshAfterReview();
      setSaving(false);
      setReason('');
      setError(undefined);
      onClose();
    } catch (err) {
      updateFailed(err);
      setSaving(false);
    }
  }

  return (
    <Dialog
      isOpen={document !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      isDismissable={!saving}
      title="Reject document"
    >
      <p className="text-sm break-all">
        <strong>{document?.fileName}</strong>
      </p>
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        <Field
          label="Reason"
          error={error}
          hint="Shown to the practitioner, who will be asked to upload the document again."
        >
          <textarea
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className={inputClass}
            autoFocus
          />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onPress={close} isDisabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" isDisabled={saving}>
            {saving ? 'Rejecting...' : 'Reject document'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function StatusCard({ id, status }: { id: string; status: SubmissionStatus }) {
  const [next, setNext] = useState<SubmissionStatus>(status);
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    try {
      await updateSubmissionStatus(id, next, note.trim() || undefined);
      toast({
        title: 'Status updated',
        description: `The submission is now ${dashboardStatusView[next].label}.`,
      });
      setNote('');
      refreshAfterReview();
    } catch (error) {
      updateFailed(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card aria-labelledby="status-title">
      <CardTitle id="status-title">Application status</CardTitle>
      <form onSubmit={save} className="mt-3 space-y-3">
        <Field label="Status">
          <select
            value={next}
            onChange={(e) => setNext(e.target.value as SubmissionStatus)}
            className={inputClass}
          >
            {SUBMISSION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {dashboardStatusView[s].label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Note for the timeline (optional)">
          <textarea
            rows={2}
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            className={inputClass}
          />
        </Field>
        <Button type="submit" isDisabled={saving || (next === status && !note.trim())}>
          {saving ? 'Saving...' : 'Update status'}
        </Button>
      </form>
    </Card>
  );
}

function SchemesCard({ data }: { data: StaffSubmission }) {
  return (
    <Card aria-labelledby="schemes-title">
      <CardTitle id="schemes-title">
        Medical Aid Schemes ({data.medicalAidStatuses.length})
      </CardTitle>
      {data.medicalAidStatuses.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">No schemes selected.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {data.medicalAidStatuses.map((scheme) => (
            <SchemeRow
              key={`${scheme.id}:${scheme.lastUpdated}`}
              submissionId={data.submission.id}
              scheme={scheme}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

function SchemeRow({
  submissionId,
  scheme,
}: {
  submissionId: string;
  scheme: StaffSubmission['medicalAidStatuses'][number];
}) {
  const [status, setStatus] = useState<SchemeStatus>(scheme.status);
  const [notes, setNotes] = useState(scheme.notes ?? '');
  const [hardCopy, setHardCopy] = useState(scheme.requiresHardCopy);
  const [saving, setSaving] = useState(false);
  const dirty =
    status !== scheme.status ||
    notes.trim() !== (scheme.notes ?? '') ||
    hardCopy !== scheme.requiresHardCopy;
  const badge = schemeStatusView[scheme.status];

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    try {
      await updateSchemeStatus(submissionId, scheme.id, {
        status,
        notes: notes.trim() || null,
        requiresHardCopy: hardCopy,
      });
      toast({
        title: 'Scheme updated',
        description: `${scheme.medicalAidName}: ${schemeStatusView[status].label}`,
      });
      refreshAfterReview();
    } catch (error) {
      updateFailed(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <li
      aria-label={scheme.medicalAidName}
      className="rounded-md border border-slate-200 p-3 dark:border-slate-700"
    >
      <form onSubmit={save}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-medium">{scheme.medicalAidName}</h3>
          <span className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
            <Badge tone={badge.tone}>{badge.label}</Badge>
            updated {formatDate(scheme.lastUpdated)}
          </span>
        </div>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <Field label="Scheme status">
            <select
              value={status}
              onChange={(e) => setStatus(e.target.value as SchemeStatus)}
              className={inputClass}
            >
              {SCHEME_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {schemeStatusView[s].label}
                </option>
              ))}
            </select>
          </Field>
          <label className="flex min-h-11 items-center gap-3 self-end text-sm">
            <input
              type="checkbox"
              checked={hardCopy}
              onChange={(e) => setHardCopy(e.target.checked)}
              className="size-5 accent-teal-700"
            />
            Certified hard copy required
          </label>
          <Field label="Notes (shown to the practitioner)" className="sm:col-span-2">
            <textarea
              rows={2}
              maxLength={1000}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              className={inputClass}
            />
          </Field>
        </div>
        <div className="mt-3 flex justify-end">
          <Button
            type="submit"
            isDisabled={!dirty || saving}
            aria-label={`Save ${scheme.medicalAidName}`}
          >
            {saving ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
    </li>
  );
}

const stateDot = {
  completed: 'bg-teal-700 dark:bg-teal-500',
  pending: 'bg-amber-500',
  in_progress: 'bg-sky-600',
} as const;

function TimelineCard({ data }: { data: StaffSubmission }) {
  // The API sends events oldest first, in insertion order within one millisecond.
  const events = data.statusEvents;
  return (
    <Card aria-labelledby="timeline-title">
      <CardTitle id="timeline-title">Timeline</CardTitle>
      {events.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">No events yet.</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {events.map((event) => (
            <li key={event.id} className="flex gap-3">
              <span
                aria-hidden="true"
                className={`mt-1.5 size-2.5 shrink-0 rounded-full ${stateDot[timelineState(event.eventType)]}`}
              />
              <div>
                <p className="font-medium">{timelineTitle(event.eventType)}</p>
                <p className="text-sm">{event.description}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  <time dateTime={isoDateTime(event.createdAt)}>
                    {formatDateTime(event.createdAt)}
                  </time>
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function describeDetails(details: Record<string, unknown> | null): string {
  if (!details) return '';
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
}

function AuditCard({ data }: { data: StaffSubmission }) {
  // Oldest first from the API (insertion order within a millisecond): newest first here.
  const entries = [...data.auditLog].reverse();
  return (
    <Card aria-labelledby="audit-title">
      <CardTitle id="audit-title">Audit trail</CardTitle>
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">No entries yet.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[36rem] text-sm">
            <caption className="sr-only">Audit trail, newest first</caption>
            <thead className="text-left text-xs uppercase text-slate-600 dark:text-slate-300">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  When
                </th>
                <th scope="col" className="py-2 pr-3">
                  Who
                </th>
                <th scope="col" className="py-2 pr-3">
                  Action
                </th>
                <th scope="col" className="py-2">
                  Details
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(entry.createdAt)}</td>
                  <td className="py-2 pr-3 break-all">{entry.actor}</td>
                  <td className="py-2 pr-3">{timelineTitle(entry.action)}</td>
                  <td className="py-2 break-all">{describeDetails(entry.details)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-1.5">
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function DetailsCard({ data }: { data: StaffSubmission }) {
  const { practitioner: p, submission: s, consent } = data;
  const prefs = s.contractPreferences;
  return (
    <Card aria-labelledby="details-title">
      <CardTitle id="details-title">Practitioner and practice</CardTitle>
      <dl className="mt-2">
        <Detail label="Name">
          {p.firstName} {p.lastName}
        </Detail>
        <Detail label="SA ID number">{p.idNumber || 'Not given'}</Detail>
        <Detail label="Email">
          <a href={`mailto:${p.email}`} className="underline underline-offset-2">
            {p.email}
          </a>
        </Detail>
        <Detail label="Phone">
          <a href={`tel:${p.phone}`} className="underline underline-offset-2">
            {p.phone}
          </a>
        </Detail>
        <Detail label="Specialization">{p.specialization}</Detail>
        <Detail label="Practice type">{practiceTypeLabel(s.practiceType)}</Detail>
        {s.practiceNumber && <Detail label="Practice number (PCNS)">{s.practiceNumber}</Detail>}
        {s.hpcsaNumber && <Detail label="HPCSA number">{s.hpcsaNumber}</Detail>}
        {prefs && (
          <Detail label="Contract preferences">
            Keep: {yesNo(prefs.keep)} · Review: {yesNo(prefs.review)} · Cancel:{' '}
            {yesNo(prefs.cancel)} · Learn more: {yesNo(prefs.learnMore)}
          </Detail>
        )}
        {s.interestedInContracts !== null && (
          <Detail label="Needs help with contract negotiations">
            {yesNo(s.interestedInContracts)}
          </Detail>
        )}
        <Detail label="Additional notes">{s.additionalNotes || 'None'}</Detail>
        <Detail label="Tracking token">
          <code className="break-all">{s.trackingToken}</code>
        </Detail>
        <Detail label="POPIA consent">
          {consent
            ? `Terms ${consent.termsVersion}, given ${formatDateTime(consent.consentedAt)}`
            : 'No consent record'}
        </Detail>
      </dl>
    </Card>
  );
}
