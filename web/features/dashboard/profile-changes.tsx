// Every saved change of the practitioner's details, field by field (issue 35): before staff
// check the account against the bank letter they see what was there before, and when it
// changed; a change of bank details soon after a first profile is the pattern of fraud.
import { PROFILE_CHANGE_LABELS } from '../../../schema/profile-diff.ts';
import type { ProfileChangeEntry } from '../../../schema/scheme-forms-api.ts';
import { formatDateTime, isoDateTime } from '../../lib/dates.ts';

const cell = 'px-2 py-1 align-top';

export function ProfileChanges({ changes }: { changes: ProfileChangeEntry[] }) {
  if (changes.length === 0) return null;
  return (
    <details className="mt-3 rounded-md border border-slate-200 dark:border-slate-700">
      <summary className="min-h-11 cursor-pointer px-3 py-2.5 font-medium outline-none focus-visible:ring-2 focus-visible:ring-teal-600">
        Changes of the practitioner’s details ({changes.length})
      </summary>
      <ol className="space-y-4 px-3 pb-3">
        {changes.map((entry) => (
          <li key={`${entry.version}-${entry.changedAt}`}>
            <p className="text-sm font-medium">
              Version {entry.version},{' '}
              <time dateTime={isoDateTime(entry.changedAt)}>{formatDateTime(entry.changedAt)}</time>
              {entry.version === 1 ? ' (first sent)' : ''}
            </p>
            <div className="overflow-x-auto">
              <table className="mt-1 w-full table-fixed text-left text-sm">
                <thead className="text-slate-600 dark:text-slate-300">
                  <tr>
                    <th scope="col" className={cell}>
                      Field
                    </th>
                    <th scope="col" className={cell}>
                      Before
                    </th>
                    <th scope="col" className={cell}>
                      After
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {entry.changes.map((change) => (
                    <tr
                      key={change.field}
                      className="border-t border-slate-200 dark:border-slate-700"
                    >
                      <th scope="row" className={`${cell} font-normal`}>
                        {PROFILE_CHANGE_LABELS[change.field]}
                      </th>
                      <td
                        className={`${cell} font-mono break-all text-slate-600 dark:text-slate-300`}
                      >
                        {change.before ?? '—'}
                      </td>
                      <td className={`${cell} font-mono break-all`}>{change.after ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </li>
        ))}
      </ol>
    </details>
  );
}
