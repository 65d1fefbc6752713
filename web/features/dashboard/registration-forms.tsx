// Medical aid documents manager (docs/product.md#screens-and-routes, #states, #validation,
// #errors): one card per scheme with its uploaded
// registration forms, the upload dialog and the delete confirmation. A filter box finds one
// of the ~50 schemes quickly.
import { Link, useRouter } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { registrationFormSchemes } from '../../../schema/catalogue.ts';
import type { StaffRegistrationForm } from '../../../schema/registration-form-api.ts';
import { registrationFormDeletion } from '../../../schema/staff-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { buttonClass } from '../../ui/button-class.ts';
import { Card, CardTitle } from '../../ui/card.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { toast } from '../../ui/toast.tsx';
import { errorMessage, filterSchemes, type SchemeCard } from './presentation.ts';
import { SchemeFilterField } from './scheme-filter-field.tsx';
import type { DashboardData } from './staff-api.ts';
import { UploadFormDialog } from './upload-form-dialog.tsx';

export function RegistrationFormsManager({
  forms,
  catalogue,
}: {
  forms: DashboardData['forms'];
  catalogue: DashboardData['catalogue'];
}) {
  const schemes = useMemo(
    () => (catalogue.ok ? registrationFormSchemes(catalogue.data.administrators) : []),
    [catalogue],
  );
  const [filter, setFilter] = useState('');
  const [uploadFor, setUploadFor] = useState<SchemeCard | null>(null);
  const [toDelete, setToDelete] = useState<StaffRegistrationForm | null>(null);

  const byScheme = useMemo(() => {
    const map = new Map<string, StaffRegistrationForm[]>();
    for (const doc of forms.ok ? forms.data : [])
      map.set(doc.schemeKey, [...(map.get(doc.schemeKey) ?? []), doc]);
    return map;
  }, [forms]);
  const shown = filterSchemes(schemes, filter);

  return (
    <Card aria-labelledby="forms-title">
      <CardTitle id="forms-title">Medical Aid Registration Forms</CardTitle>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        PDF registration forms practitioners can download when they select a scheme.
      </p>
      <SchemeFilterField
        className="mt-4 max-w-md"
        id="scheme-filter"
        value={filter}
        onChange={setFilter}
      />
      {!catalogue.ok && (
        <div className="mt-4">
          <Alert tone="error" title="Could not load the scheme list">
            {errorMessage(catalogue.error, 'Please try again.')}
          </Alert>
        </div>
      )}
      {!forms.ok && (
        <div className="mt-4">
          <Alert tone="error" title="Could not load the registration forms">
            {errorMessage(forms.error, 'Please try again.')}
          </Alert>
        </div>
      )}
      {/* Without the list, no card may claim that a scheme has no form. */}
      {!forms.ok ? null : shown.length === 0 ? (
        <p className="mt-4 text-sm">No schemes match “{filter.trim()}”.</p>
      ) : (
        <ul className="mt-4 grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {shown.map((scheme) => {
            const docs = byScheme.get(scheme.key) ?? [];
            return (
              <li
                key={scheme.key}
                aria-label={scheme.label}
                className="flex flex-col rounded-md border border-slate-200 p-3 dark:border-slate-700"
              >
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h3 className="font-medium">{scheme.label}</h3>
                    <p className="text-xs break-all text-slate-600 dark:text-slate-400">
                      {scheme.key}
                    </p>
                  </div>
                  <Button
                    variant={docs.length === 0 ? 'primary' : 'secondary'}
                    className="shrink-0 px-3"
                    aria-label={`${docs.length === 0 ? 'Upload Form' : 'Update'} for ${scheme.label}`}
                    onPress={() => setUploadFor({ key: scheme.key, label: scheme.label })}
                  >
                    {docs.length === 0 ? 'Upload Form' : 'Update'}
                  </Button>
                </div>
                {docs.length === 0 ? (
                  <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                    No registration form uploaded yet
                  </p>
                ) : (
                  <ul className="mt-2 space-y-2">
                    {docs.map((doc) => (
                      <li
                        key={doc.id}
                        className="flex items-center justify-between gap-2 rounded bg-slate-50 p-2 text-sm dark:bg-slate-800"
                      >
                        <div className="min-w-0">
                          <p className="font-medium break-all">{doc.fileName}</p>
                          {doc.description && (
                            <p className="text-xs text-slate-600 dark:text-slate-300">
                              {doc.description}
                            </p>
                          )}
                          <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
                            {doc.mappingConfirmedAt
                              ? 'Filled from the profile'
                              : 'Not mapped yet: practitioners cannot have it filled'}
                          </p>
                        </div>
                        <div className="flex shrink-0 flex-wrap justify-end">
                          <Link
                            to="/dashboard/forms/$id"
                            params={{ id: doc.id }}
                            className={buttonClass('ghost', 'px-3')}
                            aria-label={`Map fields of ${doc.fileName}`}
                          >
                            Map fields
                          </Link>
                          <Button
                            variant="ghost"
                            className="px-3 text-red-700 dark:text-red-400"
                            aria-label={`Delete ${doc.fileName}`}
                            onPress={() => setToDelete(doc)}
                          >
                            Delete
                          </Button>
                        </div>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <UploadFormDialog scheme={uploadFor} onClose={() => setUploadFor(null)} />
      <DeleteFormDialog document={toDelete} onClose={() => setToDelete(null)} />
    </Card>
  );
}

function DeleteFormDialog({
  document,
  onClose,
}: {
  document: StaffRegistrationForm | null;
  onClose: () => void;
}) {
  const [deleting, setDeleting] = useState(false);
  const router = useRouter();
  async function confirm() {
    if (!document) return;
    setDeleting(true);
    try {
      await request(registrationFormDeletion, { params: { id: document.id } });
      toast({
        title: 'Document deleted',
        description: 'The medical aid document has been removed.',
      });
      void router.invalidate();
      onClose();
    } catch (error) {
      toast({
        title: 'Deletion failed',
        description: errorMessage(error, 'Failed to delete document'),
        variant: 'destructive',
      });
    } finally {
      setDeleting(false);
    }
  }
  return (
    <Dialog
      isOpen={document !== null}
      onOpenChange={(open) => {
        if (!open && !deleting) onClose();
      }}
      isDismissable={!deleting}
      title="Delete Document"
      role="alertdialog"
    >
      <p className="text-sm">
        Are you sure you want to delete <strong className="break-all">{document?.fileName}</strong>
        {document ? ` for ${document.schemeName}` : ''}? Practitioners will no longer be able to
        download this document.
      </p>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onPress={onClose} isDisabled={deleting} autoFocus>
          Cancel
        </Button>
        <Button variant="destructive" onPress={confirm} isDisabled={deleting}>
          {deleting ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}
