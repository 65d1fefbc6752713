// The administrators the scheme search shows, each with its schemes (ticked one by one or all
// at once) and its registration form where staff have one (decision 072).
import { type Dispatch, memo, type SetStateAction } from 'react';
import type {
  CatalogueAdministrator as Administrator,
  Catalogue,
} from '../../../schema/catalogue.ts';
import { type SchemeSelection, toggleAdministrator, toggleScheme } from '../../../schema/rules.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { downloadRegistrationForm, type FormsByScheme } from './registration-forms.ts';

function schemeKeysOf(administrator: Administrator): string[] {
  return administrator.administered.length > 0
    ? administrator.administered.map((s) => s.key)
    : [administrator.key];
}

/** Memoised: a letter typed in the search re-renders only the box until the list's turn. */
export const AdministratorList = memo(function AdministratorList({
  visible,
  query,
  onClearSearch,
  catalogue,
  selection,
  onChange,
  expanded,
  onExpandedChange,
  forms,
  listIdPrefix,
}: {
  /** The administrators matching the search, each with the schemes that match. */
  visible: Administrator[];
  query: string;
  onClearSearch: () => void;
  catalogue: Catalogue;
  selection: SchemeSelection;
  onChange: (next: SchemeSelection) => void;
  /** Administrators opened to show their schemes. */
  expanded: ReadonlySet<string>;
  onExpandedChange: Dispatch<SetStateAction<ReadonlySet<string>>>;
  forms: FormsByScheme;
  listIdPrefix: string;
}) {
  const searching = query.trim().length > 0;
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
  if (visible.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 p-4 text-center">
        <p className="text-sm">No schemes found matching "{query.trim()}"</p>
        <Button variant="secondary" onPress={onClearSearch}>
          Clear Search
        </Button>
      </div>
    );
  }
  return (
    <ul className="space-y-2">
      {visible.map((administrator) => {
        const full = catalogue.find((a) => a.key === administrator.key)!;
        const keys = schemeKeysOf(full);
        const included = keys.filter((k) => selection.selectedSchemes.includes(k)).length;
        const hasChildren = full.administered.length > 0;
        const isOpen = hasChildren && (expanded.has(full.key) || searching);
        const parentForm = forms.get(full.key);
        const listId = `${listIdPrefix}-${full.key}`;
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
                    onExpandedChange((prev) => new Set(prev).add(full.key));
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
                    onExpandedChange((prev) => {
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
  );
});

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
