// The spec's two practice types as radio cards (docs/product.md, step 1): the wizard's first page
// and the manager's practice details ask the same question with the same words. Part of the
// wizard's first load: native radios, no widget library.
import type { PracticeType } from '../../../schema/sections.ts';

const PRACTICE_TYPES: { value: PracticeType; title: string; description: string }[] = [
  {
    value: 'established',
    title: 'Established Practice',
    description: 'Already registered with medical aids',
  },
  { value: 'new', title: 'New Practice', description: 'Needs medical aid registration' },
];

export function PracticeTypeOptions({
  value,
  onChange,
  idOf,
}: {
  value: PracticeType | null;
  onChange: (type: PracticeType) => void;
  /** The id a radio carries, where an error summary's link lands on it. */
  idOf: (type: PracticeType, index: number) => string | undefined;
}) {
  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-2">
      {PRACTICE_TYPES.map((type, i) => (
        <label
          key={type.value}
          className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-4 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-600 dark:border-slate-600 dark:has-[:checked]:border-teal-400 dark:has-[:checked]:bg-teal-950"
        >
          <input
            type="radio"
            id={idOf(type.value, i)}
            name="practiceType"
            value={type.value}
            checked={value === type.value}
            onChange={() => onChange(type.value)}
            className="mt-1 size-5 shrink-0 accent-teal-700 outline-none"
          />
          <span>
            <span className="block font-semibold">{type.title}</span>
            <span className="block text-sm text-slate-600 dark:text-slate-300">
              {type.description}
            </span>
          </span>
        </label>
      ))}
    </div>
  );
}
