// A vertical timeline of events, oldest first. The state shows as an icon and in words for
// screen readers.
import { formatDateTime, isoDateTime } from '../lib/dates.ts';
import { AlertIcon, CheckCircleIcon, ClockIcon, DotIcon, ProgressIcon } from './icons.tsx';

export type TimelineItemState = 'completed' | 'pending' | 'in_progress' | 'issue';

export type TimelineItem = {
  id: string;
  title?: string;
  description: string;
  at: string;
  /** Left out when the source does not say (the lookup's plain timeline). */
  state?: TimelineItemState;
};

const stateView: Record<
  TimelineItemState,
  { label: string; className: string; Icon: typeof ClockIcon }
> = {
  completed: {
    label: 'Completed',
    className: 'bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100',
    Icon: CheckCircleIcon,
  },
  pending: {
    label: 'Pending',
    className: 'bg-amber-100 text-amber-800 dark:bg-amber-900 dark:text-amber-100',
    Icon: ClockIcon,
  },
  in_progress: {
    label: 'In progress',
    className: 'bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-100',
    Icon: ProgressIcon,
  },
  issue: {
    label: 'Needs attention',
    className: 'bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100',
    Icon: AlertIcon,
  },
};

const neutral = {
  label: '',
  className: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  Icon: DotIcon,
};

export function Timeline({
  items,
  label,
  emptyText = 'No updates yet.',
}: {
  items: readonly TimelineItem[];
  label: string;
  emptyText?: string;
}) {
  if (items.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">{emptyText}</p>;
  }
  return (
    <ol aria-label={label} className="flex flex-col">
      {items.map((item, index) => {
        const view = item.state ? stateView[item.state] : neutral;
        return (
          <li key={item.id} className="relative flex gap-3 pb-5 last:pb-0">
            {index < items.length - 1 && (
              <span
                aria-hidden="true"
                className="absolute top-9 bottom-0 left-[17px] w-0.5 bg-slate-200 dark:bg-slate-700"
              />
            )}
            <span
              className={`flex size-9 shrink-0 items-center justify-center rounded-full ${view.className}`}
            >
              <view.Icon />
            </span>
            <div className="min-w-0 pt-1">
              {item.title && <p className="font-medium">{item.title}</p>}
              <p className="text-sm text-slate-700 dark:text-slate-200">
                {view.label && <span className="sr-only">{view.label}: </span>}
                {item.description}
              </p>
              <time
                dateTime={isoDateTime(item.at)}
                className="text-xs text-slate-600 dark:text-slate-300"
              >
                {formatDateTime(item.at)}
              </time>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
