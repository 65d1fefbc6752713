// A determinate progress bar with the ARIA progressbar role and a visible label.
export function Progress({
  label,
  value,
  max = 100,
  valueText,
}: {
  label: string;
  value: number;
  max?: number;
  /** What a screen reader announces, e.g. '2 of 5 schemes approved'. */
  valueText?: string;
}) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className="h-3 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
    >
      <div
        className="h-full rounded-full bg-teal-600 transition-[width] duration-500 dark:bg-teal-500"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
