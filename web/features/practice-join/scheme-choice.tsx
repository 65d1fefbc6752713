// The practice's schemes, each ticked (decision 126): a practitioner can untick those they do
// not want, never add another (the server takes only the practice's).
import { useAtomValue } from 'jotai';
import { Card, CardTitle } from '../../ui/card.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { joinDraftAtom, updateJoinDraft } from './join-draft.ts';
import type { SchemeName } from './load-invitation.ts';

export function SchemeChoice({
  schemes,
  error,
  disabled,
}: {
  schemes: readonly SchemeName[];
  error?: string;
  disabled: boolean;
}) {
  const draft = useAtomValue(joinDraftAtom);
  if (!draft) return null;
  const kept = schemes.filter((s) => !draft.unticked.includes(s.key)).length;
  return (
    <Card aria-labelledby="join-schemes-title">
      <CardTitle id="join-schemes-title">Medical Aid Schemes</CardTitle>
      <fieldset
        id="join-schemes"
        tabIndex={-1}
        aria-describedby={error ? 'join-schemes-error' : undefined}
        className="mt-1 outline-none"
      >
        <legend className="text-sm text-slate-600 dark:text-slate-300">
          The schemes your practice chose. Untick any you do not want to be registered with.
        </legend>
        <div className="mt-2">
          {schemes.map((scheme) => (
            <Checkbox
              key={scheme.key}
              disabled={disabled}
              checked={!draft.unticked.includes(scheme.key)}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                updateJoinDraft((d) => ({
                  ...d,
                  unticked: on
                    ? d.unticked.filter((k) => k !== scheme.key)
                    : [...d.unticked, scheme.key],
                }));
              }}
            >
              {scheme.label}
            </Checkbox>
          ))}
        </div>
      </fieldset>
      {error && (
        <p
          id="join-schemes-error"
          className="mt-1 text-sm font-medium text-red-700 dark:text-red-300"
        >
          {error}
        </p>
      )}
      <p className="mt-2 text-sm font-medium">
        Selected: {kept} of {schemes.length} scheme(s)
      </p>
    </Card>
  );
}
