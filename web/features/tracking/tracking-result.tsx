// Everything the token unlocks (docs/product.md#screens-and-routes 'Tracking page /track').

import type { ReactNode } from 'react';
import { formatSaPhone } from '../../../schema/practitioner-numbers.ts';
import { timelineTitle } from '../../../schema/rules.ts';
import type { TrackingResponse } from '../../../schema/tracking-api.ts';
import { formatDate, isoDateTime } from '../../lib/dates.ts';
import { Alert } from '../../ui/alert.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { HelpCard } from '../../ui/help-card.tsx';
import { Progress } from '../../ui/progress.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs.tsx';
import { Timeline, type TimelineItem } from '../../ui/timeline.tsx';
import { practiceTypeLabel, submissionStatusView } from '../statuses/status-labels.ts';
import { ValidityRulesContext } from '../uploads/validity-rules-context.ts';
import { ApplicationSentPanel } from './application-sent-panel.tsx';
import { CopyTokenButton } from './copy-token-button.tsx';
import { DocumentsCard } from './documents-card.tsx';
import { HardCopyReminder } from './hard-copy-reminder.tsx';
import { PostingChecklistsCard } from './posting-checklists-card.tsx';
import { actionNeededText, renewalNeededText } from './replacement-summary.ts';
import { RequestsCard } from './requests-card.tsx';
import { SchemeFormsInvite } from './scheme-forms-invite.tsx';
import { SchemeStatusItem } from './scheme-status-item.tsx';
import {
  chronological,
  hardCopySchemes,
  schemeProgress,
  timelineIcon,
} from './tracking-summary.ts';

const statusExplanation: Record<TrackingResponse['submission']['status'], string> = {
  pending: 'We have received your application and will start reviewing it soon.',
  under_review: 'Our team is reviewing your application and documents.',
  approved: 'Your application has been approved.',
  rejected: 'Your application needs attention. Please see the notes below or contact support.',
};

const contractPreferenceLabels: Record<
  keyof NonNullable<TrackingResponse['submission']['contractPreferences']>,
  string
> = {
  keep: 'Keep my existing scheme contracts',
  review: 'Review my existing contracts',
  cancel: 'Cancel some of my contracts',
  learnMore: 'Learn more about my contract options',
};

export function TrackingResult({ data }: { data: TrackingResponse }) {
  const { practitioner, submission, medicalAidStatuses, statusEvents } = data;
  const status = submissionStatusView[submission.status];
  const progress = schemeProgress(medicalAidStatuses);
  const hardCopies = hardCopySchemes(medicalAidStatuses);
  const timeline: TimelineItem[] = chronological(statusEvents).map((event) => ({
    id: event.id,
    title: timelineTitle(event.eventType),
    description: event.description,
    at: event.createdAt,
    state: timelineIcon(event.eventType),
  }));

  return (
    <div className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-bold">Welcome, Dr. {practitioner.lastName}</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-200">
          {practiceTypeLabel(submission.practiceType)} · Submitted{' '}
          <time dateTime={isoDateTime(submission.createdAt)}>
            {formatDate(submission.createdAt)}
          </time>{' '}
          · Reference <span className="font-mono whitespace-nowrap">{submission.reference}</span>
        </p>
      </header>

      <ApplicationSentPanel data={data} />

      <RequestsCard data={data} />

      <SchemeFormsInvite token={submission.trackingToken} />

      {data.documentsToReplace > 0 && (
        <Alert tone="warning" title={actionNeededText(data.documentsToReplace)}>
          A document was not accepted. Its reason is under Uploaded Documents below, where you can
          send a new one.
        </Alert>
      )}

      {(data.documentsToRenew ?? 0) > 0 && (
        <Alert tone="warning" title={renewalNeededText(data.documentsToRenew ?? 0)}>
          A document runs out soon or has run out, and the schemes will not accept it after its last
          good day. Send a new one under Uploaded Documents below.
        </Alert>
      )}

      <div className="grid gap-4 md:grid-cols-2">
        <Card aria-labelledby="application-status-title">
          <CardTitle id="application-status-title">Application Status</CardTitle>
          <div className="mt-3">
            <Badge tone={status.tone}>{status.label}</Badge>
          </div>
          <p className="mt-3 text-sm text-slate-700 dark:text-slate-200">
            {statusExplanation[submission.status]}
          </p>
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">
            Last updated{' '}
            <time dateTime={isoDateTime(submission.updatedAt)}>
              {formatDate(submission.updatedAt)}
            </time>
          </p>
        </Card>

        <Card aria-labelledby="overall-progress-title">
          <CardTitle id="overall-progress-title">Overall Progress</CardTitle>
          <div className="mt-3 flex items-baseline justify-between gap-2 text-sm">
            <span>
              {progress.approved} of {progress.total} schemes approved
            </span>
            <span className="text-lg font-semibold">{progress.percent}%</span>
          </div>
          <div className="mt-2">
            <Progress
              label="Schemes approved"
              value={progress.approved}
              max={Math.max(progress.total, 1)}
              valueText={`${progress.approved} of ${progress.total} schemes approved (${progress.percent}%)`}
            />
          </div>
          <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
            <Count label="Approved" value={progress.approved} />
            <Count label="Pending" value={progress.pending} />
            <Count label="Remaining" value={progress.remaining} />
          </dl>
        </Card>
      </div>

      {hardCopies.length > 0 && (
        <HardCopyReminder schemes={hardCopies} reference={submission.reference} />
      )}

      {(data.postingChecklists ?? []).length > 0 && (
        <PostingChecklistsCard
          checklists={data.postingChecklists ?? []}
          reference={submission.reference}
        />
      )}

      {medicalAidStatuses.length > 0 ? (
        <Card aria-label="Schemes and timeline">
          <Tabs defaultSelectedKey="schemes">
            <TabList label="Application details">
              <Tab id="schemes">Medical Aid Schemes</Tab>
              <Tab id="timeline">Timeline</Tab>
            </TabList>
            <TabPanel id="schemes">
              <ul className="flex flex-col gap-3">
                {medicalAidStatuses.map((scheme) => (
                  <SchemeStatusItem
                    key={scheme.id}
                    name={scheme.medicalAidName}
                    status={scheme.status}
                    lastUpdated={scheme.lastUpdated}
                    requiresHardCopy={scheme.requiresHardCopy}
                    notes={scheme.notes}
                    providerNumber={scheme.providerNumber}
                  />
                ))}
              </ul>
            </TabPanel>
            <TabPanel id="timeline">
              <Timeline items={timeline} label="Application timeline" />
            </TabPanel>
          </Tabs>
        </Card>
      ) : (
        <Card aria-labelledby="application-timeline-title">
          <CardTitle id="application-timeline-title">Application Timeline</CardTitle>
          <div className="mt-3">
            <Timeline items={timeline} label="Application timeline" />
          </div>
        </Card>
      )}

      <div className="grid gap-4 md:grid-cols-2">
        <Card aria-labelledby="contact-title">
          <CardTitle id="contact-title">Contact Information</CardTitle>
          <dl className="mt-3 flex flex-col gap-2 text-sm">
            <Field label="Full name">
              {practitioner.firstName} {practitioner.lastName}
            </Field>
            <Field label="Specialization">{practitioner.specialization}</Field>
            <Field label="Email">{practitioner.email}</Field>
            <Field label="Phone">{formatSaPhone(practitioner.phone)}</Field>
            {submission.practiceNumber && (
              <Field label="Practice number (PCNS)">{submission.practiceNumber}</Field>
            )}
            {submission.hpcsaNumber && <Field label="HPCSA number">{submission.hpcsaNumber}</Field>}
          </dl>
        </Card>

        {/* Contract preferences exist for established practices only (docs/product.md#screens-and-routes); a new
            practice's single 'help with contracts' answer is for the bureau, not shown here. */}
        {submission.practiceType === 'established' && submission.contractPreferences && (
          <Card aria-labelledby="contract-title">
            <CardTitle id="contract-title">Contract Preferences</CardTitle>
            <ul className="mt-3 flex flex-col gap-2 text-sm">
              {(
                Object.keys(contractPreferenceLabels) as (keyof typeof contractPreferenceLabels)[]
              ).map((key) => {
                const chosen = submission.contractPreferences?.[key] ?? false;
                return (
                  <li key={key} className="flex items-center justify-between gap-2">
                    <span>{contractPreferenceLabels[key]}</span>
                    <Badge tone={chosen ? 'success' : 'secondary'}>{chosen ? 'Yes' : 'No'}</Badge>
                  </li>
                );
              })}
            </ul>
          </Card>
        )}
      </div>

      {/* The renewal's date label follows the rule as staff keep it now (issue 38). */}
      <ValidityRulesContext value={data.validityRules}>
        <DocumentsCard data={data} />
      </ValidityRulesContext>

      <HelpCard token={submission.trackingToken}>
        <div className="mt-3 text-sm">
          <p className="font-medium">Your tracking token</p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            {/* Never broken mid-token (it is copied by hand): the copy button moves below instead. */}
            <code className="rounded bg-slate-100 px-2 py-1.5 font-mono text-sm whitespace-nowrap dark:bg-slate-800">
              {submission.trackingToken}
            </code>
            <CopyTokenButton token={submission.trackingToken} />
          </div>
        </div>
      </HelpCard>
    </div>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-md bg-slate-100 p-2 dark:bg-slate-800">
      <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="text-lg font-semibold">{value}</dd>
    </div>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col sm:flex-row sm:gap-2">
      <dt className="text-slate-600 sm:w-48 sm:shrink-0 dark:text-slate-300">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}
