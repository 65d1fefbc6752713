// /dashboard/insights (decision 088): where time goes. Days from submission to each scheme's
// outcome (median and 90th percentile), applications per week, and enrolments per status now;
// each chart with a table beside it that carries the same figures for screen readers.
import { getRouteApi } from '@tanstack/react-router';
import { type ReactNode, useMemo } from 'react';
import type { EnrolmentTimes } from '../../../schema/enrolment-api.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { Alert } from '../../ui/alert.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { errorMessage } from '../dashboard/presentation.ts';
import { schemeStatusView } from '../statuses/status-labels.ts';
import { BarChart } from './bar-chart.tsx';

const route = getRouteApi('/dashboard/_staff/insights');

const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide uppercase';
const td = 'px-3 py-1.5';

function FigureTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 dark:bg-slate-800">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className={th}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {rows.map((row) => (
            <tr key={String(row[0])}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={head[i]} scope="row" className={`${td} text-left font-medium`}>
                    {cell}
                  </th>
                ) : (
                  <td key={head[i]} className={`${td} tabular-nums`}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card aria-labelledby={id}>
      <CardTitle id={id}>{title}</CardTitle>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">{children}</div>
    </Card>
  );
}

export function EnrolmentTimesPage() {
  usePageTitle('Where time goes');
  const times = route.useLoaderData();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold sm:text-3xl">Where time goes</h1>
      {!times.ok ? (
        <Alert tone="error" title="Could not load the figures">
          {errorMessage(times.error, 'Please try again.')}
        </Alert>
      ) : (
        <Figures data={times.data} />
      )}
    </div>
  );
}

function Figures({ data }: { data: EnrolmentTimes }) {
  const charts = useMemo(
    () => ({
      schemes: {
        categories: data.schemes.map((s) => s.schemeName),
        series: [
          { label: 'Median', values: data.schemes.map((s) => s.medianDays), color: '#0f766e' },
          {
            label: '90th percentile',
            values: data.schemes.map((s) => s.p90Days),
            color: '#b45309',
          },
        ],
      },
      weeks: {
        categories: data.weeks.map((w) => w.weekStart.slice(5)),
        series: [
          {
            label: 'Applications',
            values: data.weeks.map((w) => w.applications),
            color: '#0f766e',
          },
        ],
      },
      backlog: {
        categories: data.backlog.map((b) => schemeStatusView[b.status].label),
        series: [
          { label: 'Enrolments', values: data.backlog.map((b) => b.enrolments), color: '#0f766e' },
        ],
      },
    }),
    [data],
  );
  const validity = data.validity;
  return (
    <>
      {validity && (
        <p className="text-base">
          <span className="font-semibold">
            {validity.approved === 0
              ? 'No approved practitioners yet.'
              : `${Math.round((validity.fullyValid / validity.approved) * 100)}% of approved practitioners are fully valid today`}
          </span>
          {validity.approved > 0 &&
            ` (${validity.fullyValid} of ${validity.approved}: no document past its good-until date).`}
        </p>
      )}
      <Section id="times-title" title="Days from submission to each scheme's outcome">
        {data.schemes.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No scheme has answered yet.</p>
        ) : (
          <>
            <BarChart
              label="Bar chart of median and 90th percentile days per scheme; the table has the figures"
              unit="days"
              {...charts.schemes}
            />
            <FigureTable
              caption="Days from submission to outcome, per scheme"
              head={['Scheme', 'Outcomes', 'Median (days)', '90th percentile (days)']}
              rows={data.schemes.map((s) => [s.schemeName, s.outcomes, s.medianDays, s.p90Days])}
            />
          </>
        )}
      </Section>
      <Section id="weeks-title" title="Applications per week">
        <BarChart
          label="Bar chart of applications per week; the table has the figures"
          unit="applications"
          {...charts.weeks}
        />
        <FigureTable
          caption="Applications received per week (week starting Monday)"
          head={['Week of', 'Applications']}
          rows={data.weeks.map((w) => [w.weekStart, w.applications])}
        />
      </Section>
      <Section id="backlog-title" title="Enrolments by status now">
        <BarChart
          label="Bar chart of enrolments per status; the table has the figures"
          unit="enrolments"
          {...charts.backlog}
        />
        <FigureTable
          caption="Enrolments in each scheme status now"
          head={['Status', 'Enrolments']}
          rows={data.backlog.map((b) => [schemeStatusView[b.status].label, b.enrolments])}
        />
      </Section>
    </>
  );
}
