// The scheme selector card (docs/product.md#screens-and-routes) with the selection rules of
// docs/product.md#states (schema/rules.ts), over the live catalogue staff keep (decision 072).
import { useEffect, useId, useMemo, useState } from 'react';
import {
  type CatalogueAdministrator as Administrator,
  type Catalogue,
  formatCatalogueDate,
} from '../../../schema/catalogue.ts';
import {
  type SchemeSelection,
  toggleAdministrator,
  toggleScheme,
  withinCatalogue,
} from '../../../schema/rules.ts';
import { Alert } from '../../ui/alert.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { useCatalogue } from './catalogue.ts';
import { downloadRegistrationForm, useRegistrationForms } from './registration-forms.ts';

function matches(administrator: Administrator, query: string): Administrator | null {
  const q = query.trim().toLowerCase();
  if (!q) return administrator;
  if (administrator.label.toLowerCase().includes(q)) return administrator;
  const administered = administrator.administered.filter((s) => s.label.toLowerCase().includes(q));
  return administered.length > 0 ? { ...administrator, administered } : null;
}

function schemeKeysOf(administrator: Administrator): string[] {
  return administrator.administered.length > 0
    ? administrator.administered.map((s) => s.key)
    : [administrator.key];
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
  const visible = useMemo(
    () => catalogue.map((a) => matches(a, query)).filter((a): a is Administrator => a !== null),
    [catalogue, query],
  );
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
  const searching = query.trim().length > 0;
  const administratorCount = selection.selectedParents.length;
  const schemeCount = selection.selectedSchemes.length;

  const selectAll = (administrator: Administrator) => {
    const base = selection.selectedParents.includes(administrator.key)
      ? toggleAdministrator(catalogue, selection, administrator.key)
      : selection;
    onChange(toggleAdministrator(catalogue, base, administrator.key));
  };
  const deselectAll = (administrator: Administrator) => {
    if (selection.selectedParents.includes(administrator.key)) {
      onChange(toggleAdministrator(catalogue, selection, administrator.key));
    }
  };

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
        ) : visible.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-3 p-4 text-center">
            <p className="text-sm">No schemes found matching "{query.trim()}"</p>
            <Button variant="secondary" onPress={() => setQuery('')}>
              Clear Search
            </Button>
          </div>
        ) : (
          <ul className="space-y-2">
            {visible.map((administrator) => {
              const full = catalogue.find((a) => a.key === administrator.key)!;
              const keys = schemeKeysOf(full);
              const included = keys.filter((k) => selection.selectedSchemes.includes(k)).length;
              const hasChildren = full.administered.length > 0;
              const isOpen = hasChildren && (expanded.has(full.key) || searching);
              const parentForm = forms.get(full.key);
              const listId = `${titleId}-${full.key}`;
              return (
                <li
                  key={full.key}
                  className="rounded-md border border-slate-200 p-2 dark:border-slate-700"
                >
                  <div className="flex items-center gap-2">
                    <Checkbox
                      className="flex-1"
                      checked={selection.selectedParents.includes(full.key)}
                      // Only some of its schemes ticked: the mixed state, not a full tick.
                      indeterminate={hasChildren && included > 0 && included < keys.length}
                      onChange={() => {
                        const next = toggleAdministrator(catalogue, selection, full.key);
                        // Selecting an administrator opens it, so the schemes it adds are seen.
                        if (hasChildren && next.selectedParents.includes(full.key))
                          setExpanded((prev) => new Set(prev).add(full.key));
                        onChange(next);
                      }}
                    >
                      <span className="font-medium">{full.label}</span>
                    </Checkbox>
                    {included > 0 && <Badge tone="success">Included ({included})</Badge>}
                    {parentForm && (
                      <DownloadButton
                        label={full.label}
                        onPress={() => downloadRegistrationForm(parentForm)}
                      />
                    )}
                    {hasChildren && (
                      <Button
                        variant="ghost"
                        aria-expanded={isOpen}
                        aria-controls={listId}
                        aria-label={`${isOpen ? 'Collapse' : 'Expand'} ${full.label}`}
                        onPress={() =>
                          setExpanded((prev) => {
                            const next = new Set(prev);
                            if (next.has(full.key)) next.delete(full.key);
                            else next.add(full.key);
                            return next;
                          })
                        }
                      >
                        <span aria-hidden="true">{isOpen ? '▴' : '▾'}</span>
                      </Button>
                    )}
                  </div>
                  {isOpen && (
                    <div
                      id={listId}
                      className="mt-1 border-t border-slate-200 pt-2 dark:border-slate-700"
                    >
                      <div className="flex flex-wrap gap-2">
                        <Button
                          variant="secondary"
                          onPress={() => selectAll(full)}
                          aria-label={`Select All ${full.label} schemes`}
                        >
                          Select All
                        </Button>
                        <Button
                          variant="secondary"
                          onPress={() => deselectAll(full)}
                          aria-label={`Deselect All ${full.label} schemes`}
                        >
                          Deselect All
                        </Button>
                      </div>
                      <ul
                        aria-label={`${full.label} schemes`}
                        className="mt-2 max-h-60 overflow-y-auto pl-2 outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
                      >
                        {administrator.administered.map((scheme) => {
                          const form = forms.get(scheme.key);
                          return (
                            <li key={scheme.key} className="flex items-center gap-2">
                              <Checkbox
                                className="flex-1"
                                checked={selection.selectedSchemes.includes(scheme.key)}
                                onChange={() =>
                                  onChange(toggleScheme(catalogue, selection, full.key, scheme.key))
                                }
                              >
                                {scheme.label}
                              </Checkbox>
                              {form && (
                                <DownloadButton
                                  label={scheme.label}
                                  onPress={() => downloadRegistrationForm(form)}
                                />
                              )}
                            </li>
                          );
                        })}
                      </ul>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
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

function DownloadButton({ label, onPress }: { label: string; onPress: () => void }) {
  return (
    <Button
      variant="ghost"
      aria-label={`Download the ${label} registration form (PDF)`}
      onPress={onPress}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M12 3v12m0 0-4-4m4 4 4-4M4 17v3h16v-3" />
      </svg>
      {/* The spec's icon button, with words beside it: an icon alone did not say it is a form. */}
      <span className="text-sm">Form (PDF)</span>
    </Button>
  );
}
