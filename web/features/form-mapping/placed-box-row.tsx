// One placed box in the list beside the page: what it holds and where it is, in points from
// the page's lower-left corner, each editable from the keyboard.
import type { PageBox } from '../../../schema/form-mapping-api.ts';
import type { ProfileFieldKey } from '../../../schema/profile-fields.ts';
import { Button } from '../../ui/button.tsx';
import { Field, inputClass } from '../../ui/field.tsx';
import { asKind, type BoxKind, kindOf, type PlacedEntry } from './mapping-draft.ts';
import { BoxKindOptions, ProfileFieldOptions, TickedWhenOptions } from './mapping-options.tsx';

const COORDINATES: { key: keyof Omit<PageBox, 'page'>; label: string }[] = [
  { key: 'x', label: 'From left (pt)' },
  { key: 'y', label: 'From bottom (pt)' },
  { key: 'width', label: 'Width (pt)' },
  { key: 'height', label: 'Height (pt)' },
];

export function PlacedBoxRow({
  number,
  entry,
  pageCount,
  answers,
  problem,
  onChange,
  onRemove,
}: {
  number: number;
  entry: PlacedEntry;
  pageCount: number;
  answers: readonly string[];
  problem: string | undefined;
  onChange: (next: PlacedEntry) => void;
  onRemove: () => void;
}) {
  const kind = kindOf(entry);
  const setBox = (key: keyof PageBox, raw: string) => {
    const value = Number(raw);
    if (raw === '' || !Number.isFinite(value)) return;
    onChange({ ...entry, placed: { ...entry.placed, [key]: key === 'page' ? value - 1 : value } });
  };
  return (
    <li
      aria-label={`Box ${number}`}
      className="rounded-md border border-slate-200 p-3 dark:border-slate-700"
    >
      <div className="flex flex-wrap items-end gap-3">
        <p className="min-w-14 self-center font-medium">Box {number}</p>
        <Field label={`Box ${number} is`}>
          <select
            className={inputClass}
            value={kind}
            onChange={(e) => onChange(asKind(entry, e.target.value as BoxKind))}
          >
            <BoxKindOptions />
          </select>
        </Field>
        {kind !== 'signature' && (
          <Field label={`Box ${number} filled with`}>
            <select
              className={inputClass}
              value={entry.profileField}
              onChange={(e) =>
                onChange(
                  asKind({ ...entry, profileField: e.target.value as ProfileFieldKey }, kind),
                )
              }
            >
              <ProfileFieldOptions />
            </select>
          </Field>
        )}
        {kind === 'checkbox' && (
          <Field label={`Box ${number} ticked when`}>
            <select
              className={inputClass}
              value={entry.answer ?? ''}
              onChange={(e) => {
                const { answer: _old, ...rest } = entry;
                onChange(e.target.value === '' ? rest : { ...rest, answer: e.target.value });
              }}
            >
              <TickedWhenOptions answers={answers} />
            </select>
          </Field>
        )}
        <Field label={`Box ${number} page`}>
          <input
            type="number"
            min={1}
            max={pageCount}
            step={1}
            className={`${inputClass} w-20`}
            value={entry.placed.page + 1}
            onChange={(e) => setBox('page', e.target.value)}
          />
        </Field>
        {COORDINATES.map(({ key, label }) => (
          <Field key={key} label={`Box ${number} ${label.toLowerCase()}`}>
            <input
              type="number"
              min={key === 'width' || key === 'height' ? 1 : 0}
              step={1}
              className={`${inputClass} w-24`}
              value={entry.placed[key]}
              onChange={(e) => setBox(key, e.target.value)}
            />
          </Field>
        ))}
        <Button variant="quiet-destructive" onPress={onRemove} aria-label={`Remove box ${number}`}>
          Remove
        </Button>
      </div>
      {problem && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </li>
  );
}
