// A determinate progress bar with an accessible name and value.
export function ProgressBar({
  label,
  value,
  max = 100,
  valueText,
}: {
  label: string;
  value: number;
  max?: number;
  valueText?: string;
}) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
    >
      <div
        className="h-full rounded-full bg-teal-700 transition-[width] dark:bg-teal-500"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
