// The chosen medical aid schemes, read-only. Shown in place of the scheme selector while the
// application is being sent or waits to be sent: a plain list reads better than a long list
// of disabled checkboxes, and a scroll area with nothing focusable in it could not be
// scrolled from the keyboard.
import { useId } from 'react';
import { allSchemes } from '../../../schema/catalogue.ts';
import type { SchemeSelection } from '../../../schema/rules.ts';
import { Card, CardTitle } from '../../ui/card.tsx';
import { useCatalogue } from '../schemes/catalogue.ts';

export function SelectedSchemes({ selection }: { selection: SchemeSelection }) {
  const titleId = useId();
  const catalogue = useCatalogue();
  const known = catalogue.state === 'ready' ? allSchemes(catalogue.catalogue.administrators) : [];
  // Without the list (offline, never loaded) the keys are all there is to show.
  const chosen = selection.selectedSchemes.map(
    (key) => known.find((s) => s.key === key) ?? { key, label: key },
  );
  return (
    <Card aria-labelledby={titleId}>
      <CardTitle id={titleId}>Medical Aid Schemes</CardTitle>
      {chosen.length === 0 ? (
        <p className="mt-2 text-sm">No scheme selected.</p>
      ) : (
        <ul className="mt-2 list-disc pl-5 text-sm" aria-label="Selected schemes">
          {chosen.map((scheme) => (
            <li key={scheme.key}>{scheme.label}</li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-sm font-medium">
        Selected: {selection.selectedSchemes.length} scheme(s) from{' '}
        {selection.selectedParents.length} administrator(s)
      </p>
    </Card>
  );
}
