// Making one registration form fillable (decision 092): its own fields mapped to the
// practitioner profile, boxes placed on flat pages, saved with the form. What a new version of
// a form carried over from the one it replaces, and which mapped fields it lacks, is said first.
import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import type { FieldMapping, FormMappingView } from '../../../schema/form-mapping-api.ts';
import { mappingProblems } from '../../../schema/form-mapping-rules.ts';
import { registrationFormMappingConfirm } from '../../../schema/staff-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { Alert } from '../../ui/alert.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { buttonClass } from '../../ui/button-class.ts';
import { toast } from '../../ui/toast.tsx';
import { errorMessage } from '../dashboard/presentation.ts';
import { FormFieldsCard } from './form-fields-card.tsx';
import { PlacedBoxesCard } from './placed-boxes-card.tsx';

const route = getRouteApi('/dashboard/_staff/forms/$id');

function BackToForms() {
  return (
    <Link to="/dashboard" className={buttonClass('ghost', '-ml-3')}>
      ← Back to the registration forms
    </Link>
  );
}

export function FormMappingPage() {
  const loaded = route.useLoaderData();
  usePageTitle(loaded.ok ? `Fill-in mapping: ${loaded.data.fileName}` : 'Fill-in mapping');
  if (!loaded.ok) {
    return (
      <div className="space-y-4">
        <BackToForms />
        <Alert tone="error" title="Could not read this form">
          {errorMessage(loaded.error, 'Please try again.')}
        </Alert>
      </div>
    );
  }
  return <MappingEditor view={loaded.data} />;
}

function MappingEditor({ view: loadedView }: { view: FormMappingView }) {
  const [view, setView] = useState(loadedView);
  const [mappings, setMappings] = useState<FieldMapping[]>(loadedView.mappings);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [changed, setChanged] = useState(false);
  const router = useRouter();
  const flat = view.fields.length === 0;

  const change = (next: FieldMapping[]) => {
    setMappings(next);
    setChanged(true);
    setProblems({});
  };

  async function save() {
    const found = mappingProblems(mappings, view.fields, view.pageCount);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const saved = await request(registrationFormMappingConfirm, {
        params: { id: view.formId },
        body: { mappings },
      });
      setView(saved);
      setMappings(saved.mappings);
      setChanged(false);
      // The forms manager says which forms are filled from the profile: read it again.
      void router.invalidate();
      toast({
        title: 'Mapping saved',
        description: `${saved.mappings.length} values will be filled into ${saved.fileName}.`,
      });
    } catch (error) {
      if (error instanceof ApiError && error.body?.error.fields) {
        setProblems(error.body.error.fields);
      }
      toast({
        title: 'The mapping was not saved',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  const problemCount = Object.keys(problems).length;
  return (
    <div className="space-y-6">
      <BackToForms />
      <div>
        <h1 className="text-2xl font-bold break-all">Fill-in mapping: {view.fileName}</h1>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <span>
            {view.schemeName} · {view.pageCount} page{view.pageCount === 1 ? '' : 's'} ·{' '}
            {flat ? 'a flat form: boxes are placed on its pages' : `${view.fields.length} fields`}
          </span>
          {view.proposed ? (
            <Badge tone="warning">Proposed, not saved yet</Badge>
          ) : (
            <Badge tone="success">
              Saved {new Date(view.confirmedAt ?? '').toLocaleString('en-ZA')}
            </Badge>
          )}
        </p>
      </div>
      {view.carriedFrom && (
        <Alert
          tone={view.carriedFrom.vanished.length > 0 ? 'warning' : 'info'}
          title={`Carried over from ${view.carriedFrom.fileName}`}
        >
          <p>Fields with the same name keep the mapping of the earlier version.</p>
          {view.carriedFrom.vanished.length > 0 && (
            <>
              <p className="mt-2 font-medium">
                Mapped on the earlier version but missing from this one:
              </p>
              <ul aria-label="Mapped fields this version lacks" className="mt-1 list-disc pl-5">
                {view.carriedFrom.vanished.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            </>
          )}
        </Alert>
      )}
      {!flat && (
        <FormFieldsCard
          fields={view.fields}
          mappings={mappings}
          problems={problems}
          onChange={change}
        />
      )}
      <PlacedBoxesCard
        formId={view.formId}
        pageCount={view.pageCount}
        flat={flat}
        mappings={mappings}
        problems={problems}
        onChange={change}
      />
      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
        {problemCount > 0 && (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {problemCount} mapped {problemCount === 1 ? 'value does' : 'values do'} not fit this
            form: see the rows marked.
          </p>
        )}
        {changed && problemCount === 0 && (
          <p className="text-sm text-slate-600 dark:text-slate-300">Changes not saved yet.</p>
        )}
        <Button onPress={() => void save()} isDisabled={saving}>
          {saving ? 'Saving…' : view.proposed ? 'Confirm and save the mapping' : 'Save the mapping'}
        </Button>
      </div>
    </div>
  );
}
