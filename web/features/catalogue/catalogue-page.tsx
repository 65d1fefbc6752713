// The scheme catalogue staff keep (decision 072): each administrator's schemes with their
// status, hard-copy rule and its source, notes and sources; editing, adding, marking the list
// reviewed; and the audit of changes. Desktop-first.
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { formatCatalogueDate } from '../../../schema/catalogue.ts';
import type { StaffCatalogueScheme } from '../../../schema/catalogue-api.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { toast } from '../../ui/toast.tsx';
import { errorMessage, filterSchemes } from '../dashboard/presentation.ts';
import { SchemeFilterField } from '../dashboard/scheme-filter-field.tsx';
import { AddSchemeDialog } from './add-scheme-dialog.tsx';
import { CatalogueChanges } from './catalogue-changes.tsx';
import { markReviewed } from './catalogue-load.ts';
import { SchemeEditDialog } from './scheme-edit-dialog.tsx';

const route = getRouteApi('/dashboard/_staff/catalogue');

export function CataloguePage() {
  usePageTitle('Scheme catalogue');
  const catalogue = route.useLoaderData();
  const router = useRouter();
  const [editing, setEditing] = useState<StaffCatalogueScheme | null>(null);
  const [adding, setAdding] = useState(false);
  const [filter, setFilter] = useState('');
  const shown = filterSchemes(catalogue.schemes, filter);

  async function review() {
    try {
      await markReviewed();
      toast({ title: 'Scheme list reviewed', description: 'Practitioners now see today’s date.' });
      await router.invalidate();
    } catch (error) {
      toast({
        title: 'Could not record the review',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Scheme catalogue</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Last reviewed on {formatCatalogueDate(catalogue.reviewedOn)}
            {catalogue.reviewedBy ? ` by ${catalogue.reviewedBy}` : ' (the built-in list)'}.
            Practitioners see this date above the scheme list.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onPress={() => void review()}>
            Mark the list as reviewed today
          </Button>
          <Button onPress={() => setAdding(true)}>Add a scheme</Button>
        </div>
      </div>
      <SchemeFilterField
        className="max-w-md"
        id="catalogue-filter"
        value={filter}
        onChange={setFilter}
      />
      {catalogue.administrators.map((administrator) => {
        const schemes = shown.filter((s) => s.administratorKey === administrator.key);
        if (schemes.length === 0 && filter.trim()) return null;
        const titleId = `administrator-${administrator.key}`;
        return (
          <Card key={administrator.key} aria-labelledby={titleId}>
            <CardTitle id={titleId}>
              {administrator.label}
              {administrator.selfAdministered && (
                <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-300">
                  (self-administered)
                </span>
              )}
            </CardTitle>
            <div className="mt-3 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Schemes of {administrator.label}</caption>
                <thead className="text-xs text-slate-600 dark:text-slate-400">
                  <tr>
                    <th scope="col" className="w-2/5 py-2 pr-4 font-medium">
                      Scheme
                    </th>
                    <th scope="col" className="w-1/5 py-2 pr-4 font-medium">
                      Status
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Hard copy
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Administrator
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200 align-top dark:divide-slate-700">
                  {schemes.map((scheme) => (
                    <SchemeRow key={scheme.key} scheme={scheme} onEdit={() => setEditing(scheme)} />
                  ))}
                </tbody>
              </table>
            </div>
          </Card>
        );
      })}
      <CatalogueChanges catalogue={catalogue} />
      {editing && (
        <SchemeEditDialog
          // A new dialog for each scheme: the form starts from that scheme.
          key={editing.key}
          scheme={editing}
          administrators={catalogue.administrators}
          onClose={() => setEditing(null)}
        />
      )}
      {adding && (
        <AddSchemeDialog
          administrators={catalogue.administrators}
          onClose={() => setAdding(false)}
        />
      )}
    </div>
  );
}

function SchemeRow({ scheme, onEdit }: { scheme: StaffCatalogueScheme; onEdit: () => void }) {
  return (
    <tr aria-label={scheme.label}>
      <td className="max-w-md py-2 pr-4">
        <p className="font-medium">{scheme.label}</p>
        {scheme.notes && <p className="text-slate-600 dark:text-slate-300">{scheme.notes}</p>}
        {scheme.sources.length > 0 && (
          <details className="mt-1">
            <summary className="inline-flex min-h-11 cursor-pointer items-center text-teal-800 underline underline-offset-2 dark:text-teal-300">
              Sources ({scheme.sources.length})
            </summary>
            <ul className="list-disc pl-5">
              {scheme.sources.map((url) => (
                <li key={url} className="break-all">
                  <a href={url} target="_blank" rel="noreferrer" className="underline">
                    {url}
                  </a>
                </li>
              ))}
            </ul>
          </details>
        )}
      </td>
      <td className="py-2 pr-4">
        {scheme.active ? (
          <Badge tone="success">Active</Badge>
        ) : (
          <>
            <Badge tone="secondary">Inactive</Badge>
            <p className="mt-1">
              Since {formatCatalogueDate(scheme.inactiveSince ?? '')}. {scheme.inactiveNote}
              {scheme.successor && ` Successor: ${scheme.successor}.`}
            </p>
          </>
        )}
      </td>
      <td className="max-w-xs py-2 pr-4">
        <p className="font-medium">{scheme.requiresHardCopy ? 'Required' : 'Not required'}</p>
        <p className="text-slate-600 dark:text-slate-300">{scheme.hardCopyNote}</p>
      </td>
      <td className="py-2 pr-4">
        {scheme.administratorSince && <p>Since {formatCatalogueDate(scheme.administratorSince)}</p>}
        {scheme.administratorUnconfirmed && <Badge tone="warning">Unconfirmed</Badge>}
      </td>
      <td className="py-2 text-right">
        <Button variant="secondary" onPress={onEdit} aria-label={`Edit ${scheme.label}`}>
          Edit
        </Button>
      </td>
    </tr>
  );
}
