// The scheme selector card (docs/product.md#screens-and-routes) with the selection rules of
// docs/product.md#states (schema/rules.ts), over the live catalogue staff keep (decision 072).
import { useCallback, useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import {
  type CatalogueAdministrator as Administrator,
  type Catalogue,
  formatCatalogueDate,
} from '../../../schema/catalogue.ts';
import { type SchemeSelection, withinCatalogue } from '../../../schema/rules.ts';
import { Alert } from '../../ui/alert.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { AdministratorList } from './administrator-list.tsx';
import { useCatalogue } from './catalogue.ts';
import { useRegistrationForms } from './registration-forms.ts';

function matches(administrator: Administrator, query: string): Administrator | null {
  const q = query.trim().toLowerCase();
  if (!q) return administrator;
  if (administrator.label.toLowerCase().includes(q)) return administrator;
  const administered = administrator.administered.filter((s) => s.label.toLowerCase().includes(q));
  return administered.length > 0 ? { ...administrator, administered } : null;
}

export function SchemeSelector({
  selection,
  onChange,
  required = true,
  attempted = false,
  searchId: givenSearchId,
}: {
  selection: SchemeSelection;
  onChange: (next: SchemeSelection) => void;
  required?: boolean;
  /** After the first Continue or Submit: no scheme chosen is an error, not a note. */
  attempted?: boolean;
  /** The search box's id, for links to the selector. */
  searchId?: string;
}) {
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const forms = useRegistrationForms();
  const loaded = useCatalogue();
  const catalogue: Catalogue = loaded.state === 'ready' ? loaded.catalogue.administrators : [];
  const [dropped, setDropped] = useState(0);
  const titleId = useId();
  const generatedSearchId = useId();
  const searchId = givenSearchId ?? generatedSearchId;
  // The box shows each letter at once; the list follows in a render React may interrupt (on a
  // slow phone, dozens of administrators and their schemes open and close with one letter).
  const listQuery = useDeferredValue(query);
  const visible = useMemo(
    () => catalogue.map((a) => matches(a, listQuery)).filter((a): a is Administrator => a !== null),
    [catalogue, listQuery],
  );
  const clearSearch = useCallback(() => setQuery(''), []);
  // A scheme chosen earlier that staff have since marked inactive (or moved) is no longer
  // offered: take it out of the draft, and say so.
  useEffect(() => {
    if (loaded.state !== 'ready') return;
    const kept = withinCatalogue(loaded.catalogue.administrators, selection);
    const removed = selection.selectedSchemes.length - kept.selectedSchemes.length;
    if (removed > 0 || kept.selectedParents.length !== selection.selectedParents.length) {
      setDropped(removed);
      onChange(kept);
    }
  }, [loaded, selection, onChange]);
  const administratorCount = selection.selectedParents.length;
  const schemeCount = selection.selectedSchemes.length;

  return (
    <Card aria-labelledby={titleId}>
      <CardTitle id={titleId}>Medical Aid Schemes</CardTitle>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Choose the schemes you want to be registered with. Selecting an administrator selects all
        the schemes it administers.
      </p>
      {loaded.state === 'ready' && loaded.catalogue.reviewedOn && (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Scheme list last reviewed on {formatCatalogueDate(loaded.catalogue.reviewedOn)}.
        </p>
      )}
      {dropped > 0 && (
        <div className="mt-2">
          <Alert tone="info">
            {dropped === 1
              ? 'A scheme you chose earlier is no longer offered and was taken off your selection.'
              : `${dropped} schemes you chose earlier are no longer offered and were taken off your selection.`}
          </Alert>
        </div>
      )}
      <label htmlFor={searchId} className="sr-only">
        Search schemes or administrators
      </label>
      <input
        id={searchId}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder="Search schemes or administrators..."
        className="mt-3 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base outline-none focus-visible:ring-2 focus-visible:ring-teal-600 dark:border-slate-500 dark:bg-slate-900"
      />
      <div className="mt-3 h-[500px] overflow-y-auto rounded-md border border-slate-200 p-2 outline-none focus-visible:ring-2 focus-visible:ring-teal-600 dark:border-slate-700">
        {loaded.state !== 'ready' ? (
          <p role="status" className="p-4 text-center text-sm">
            {loaded.state === 'loading'
              ? 'Loading the scheme list…'
              : 'The scheme list could not be loaded. Check your connection and reload the page.'}
          </p>
        ) : (
          <AdministratorList
            visible={visible}
            query={listQuery}
            onClearSearch={clearSearch}
            catalogue={catalogue}
            selection={selection}
            onChange={onChange}
            expanded={expanded}
            onExpandedChange={setExpanded}
            forms={forms}
            listIdPrefix={titleId}
          />
        )}
      </div>
      <div className="mt-3 space-y-2">
        {required && schemeCount === 0 && (
          <Alert tone={attempted ? 'error' : 'info'}>
            Please select at least one medical aid scheme to continue
          </Alert>
        )}
        <p className="text-sm font-medium" aria-live="polite">
          Selected: {schemeCount} scheme(s) from {administratorCount} administrator(s)
        </p>
        {forms.size > 0 && (
          <p className="text-xs text-slate-600 dark:text-slate-300">
            Form (PDF) is a scheme's registration form: print it, fill it in and sign it, then post
            it to us with your certified copies.
          </p>
        )}
      </div>
    </Card>
  );
}
