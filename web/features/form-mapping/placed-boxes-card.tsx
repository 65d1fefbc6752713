// Boxes placed on the form's pages: for a flat PDF (no fields of its own) the only way to fill
// it, for a fillable one a way to add what it lacks (a date, a signature). The page is drawn by
// a lazily loaded renderer; every box is also listed with its page, place and size, so it can be
// placed and moved from the keyboard.
import { lazy, Suspense, useCallback, useState } from 'react';
import type { FieldMapping } from '../../../schema/form-mapping-api.ts';
import { fixedAnswersOf } from '../../../schema/form-mapping-rules.ts';
import { PROFILE_FIELDS, type ProfileFieldKey } from '../../../schema/profile-fields.ts';
import { Button } from '../../ui/button.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { Field, inputClass } from '../../ui/field.tsx';
import {
  type BoxKind,
  clampBox,
  isPlaced,
  kindOf,
  type PageSize,
  placedBox,
  withoutIndex,
  withPlaced,
} from './mapping-draft.ts';
import { BoxKindOptions, ProfileFieldOptions } from './mapping-options.tsx';
import { PlacedBoxRow } from './placed-box-row.tsx';

const PageCanvas = lazy(() => import('./page-canvas.tsx'));

const labelOf = (key: ProfileFieldKey) => PROFILE_FIELDS.find((f) => f.key === key)?.label ?? key;

export function PlacedBoxesCard({
  formId,
  pageCount,
  flat,
  mappings,
  problems,
  onChange,
}: {
  formId: string;
  pageCount: number;
  flat: boolean;
  mappings: FieldMapping[];
  problems: Record<string, string>;
  onChange: (next: FieldMapping[]) => void;
}) {
  const [shown, setShown] = useState(flat);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<PageSize>({ width: 595, height: 842 });
  const [kind, setKind] = useState<BoxKind>('text');
  const [profileField, setProfileField] = useState<ProfileFieldKey>('fullName');
  const onPageSize = useCallback((next: PageSize) => setSize(next), []);

  const placed = mappings.flatMap((m, index) => (isPlaced(m) ? [{ index, entry: m }] : []));
  const place = (at: { x: number; y: number }) =>
    onChange([...mappings, placedBox(kind, profileField, { page, ...at }, size)]);

  return (
    <Card aria-labelledby="placed-title">
      <CardTitle id="placed-title">Boxes placed on the pages</CardTitle>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {flat
          ? 'This form has no fields of its own. Place a box where each value goes: choose what the next box holds, then click the page, or add it with the button and set its place below.'
          : 'Add what the form has no field for, such as the date signed. Choose what the next box holds, then click the page.'}
      </p>
      {!shown ? (
        <Button variant="secondary" className="mt-4" onPress={() => setShown(true)}>
          Show the pages to place boxes
        </Button>
      ) : (
        <div className="mt-4 space-y-4">
          <div className="flex flex-wrap items-end gap-3">
            <Field label="Next box is">
              <select
                className={inputClass}
                value={kind}
                onChange={(e) => setKind(e.target.value as BoxKind)}
              >
                <BoxKindOptions />
              </select>
            </Field>
            {kind !== 'signature' && (
              <Field label="Filled with">
                <select
                  className={inputClass}
                  value={profileField}
                  onChange={(e) => setProfileField(e.target.value as ProfileFieldKey)}
                >
                  <ProfileFieldOptions />
                </select>
              </Field>
            )}
            <Button
              variant="secondary"
              onPress={() => place({ x: size.width / 2, y: size.height / 2 })}
            >
              Add a box to page {page + 1}
            </Button>
          </div>
          <nav aria-label="Pages" className="flex items-center gap-2">
            <Button variant="secondary" isDisabled={page === 0} onPress={() => setPage(page - 1)}>
              Previous page
            </Button>
            <p className="text-sm" aria-live="polite">
              Page {page + 1} of {pageCount}
            </p>
            <Button
              variant="secondary"
              isDisabled={page >= pageCount - 1}
              onPress={() => setPage(page + 1)}
            >
              Next page
            </Button>
          </nav>
          <div className="overflow-x-auto">
            <Suspense fallback={<p className="text-sm">Loading the page…</p>}>
              <PageCanvas
                formId={formId}
                page={page}
                boxes={placed
                  .filter(({ entry }) => entry.placed.page === page)
                  .map(({ index, entry }) => ({
                    index,
                    box: entry.placed,
                    label:
                      kindOf(entry) === 'checkbox'
                        ? `${labelOf(entry.profileField)}: ${entry.answer ?? 'given'}`
                        : labelOf(entry.profileField),
                  }))}
                onPlace={place}
                onMove={(index, box) =>
                  onChange(
                    withPlaced(mappings, index, (e) => ({ ...e, placed: clampBox(box, size) })),
                  )
                }
                onPageSize={onPageSize}
              />
            </Suspense>
          </div>
        </div>
      )}
      {placed.length > 0 && (
        <ol className="mt-4 space-y-3" aria-label="Placed boxes">
          {placed.map(({ index, entry }, n) => (
            <PlacedBoxRow
              key={index}
              number={n + 1}
              entry={entry}
              pageCount={pageCount}
              answers={fixedAnswersOf(entry.profileField)}
              problem={problems[`mappings.${index}`]}
              onChange={(next) => onChange(withPlaced(mappings, index, () => next))}
              onRemove={() => onChange(withoutIndex(mappings, index))}
            />
          ))}
        </ol>
      )}
    </Card>
  );
}
