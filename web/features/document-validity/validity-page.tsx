// /dashboard/document-validity (issue 38, decision 118): the rule each document section follows
// (how long a certified copy, a bank letter, a council registration stays good), with its source
// and who last changed it; editing one re-dates every open application. Beside them the desk's
// reminder days and re-attestation interval, and the history of changes. Desktop-first.
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import type { StaffValidityView } from '../../../schema/document-validity-api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { Button } from '../../ui/button.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { RuleEditDialog } from './rule-edit-dialog.tsx';
import { ValidityChanges } from './validity-changes.tsx';
import { ValiditySettingsCard } from './validity-settings-card.tsx';

const route = getRouteApi('/dashboard/_staff/document-validity');

type Rule = StaffValidityView['rules'][number];

/** The site a rule comes from, short enough for a phone: www.medihelp.co.za. */
function sourceName(source: string): string {
  try {
    const url = new URL(source);
    return url.pathname === '/' ? url.host : `${url.host}${url.pathname}`;
  } catch {
    return source;
  }
}

export function ValidityPage() {
  usePageTitle('Document validity');
  const data = route.useLoaderData();
  const [editing, setEditing] = useState<Rule | null>(null);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Document validity</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-300">
          How long each document stays good. Practitioners are mailed before it runs out and asked
          for a new one on /track. Changing a rule re-dates every open application.
        </p>
      </div>
      <Card aria-labelledby="validity-rules-title">
        <CardTitle id="validity-rules-title">Rules</CardTitle>
        <ul className="mt-3 divide-y divide-slate-200 text-sm dark:divide-slate-700">
          {data.validity.rules.map((rule) => (
            <li
              key={rule.sectionKey}
              aria-label={rule.sectionLabel}
              className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 py-3"
            >
              <div className="min-w-0 flex-1 basis-64">
                <p className="font-medium">{rule.sectionLabel}</p>
                <p>{rule.description}</p>
                <p className="text-slate-600 dark:text-slate-300">
                  Source:{' '}
                  <a
                    href={rule.source}
                    target="_blank"
                    rel="noreferrer"
                    className="break-all underline underline-offset-2"
                  >
                    {sourceName(rule.source)}
                  </a>
                  {' · '}
                  {rule.updatedBy
                    ? `changed by ${rule.updatedBy}, ${formatDateTime(rule.updatedAt)}`
                    : 'as seeded'}
                </p>
              </div>
              <Button
                variant="secondary"
                onPress={() => setEditing(rule)}
                aria-label={`Edit the rule for ${rule.sectionLabel}`}
              >
                Edit
              </Button>
            </li>
          ))}
        </ul>
      </Card>
      <ValiditySettingsCard data={data} />
      <ValidityChanges view={data.validity} />
      {editing && (
        <RuleEditDialog key={editing.sectionKey} rule={editing} onClose={() => setEditing(null)} />
      )}
    </div>
  );
}
