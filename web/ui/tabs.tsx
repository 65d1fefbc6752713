// Tabs (tracking and lookup pages): React Aria's, so arrow keys, Home/End and the ARIA
// tablist pattern come for free. Each tab is at least 44 px high for touch.
import type { ReactNode } from 'react';
import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type Key,
  type TabsProps,
} from 'react-aria-components/Tabs';

export type { Key };

export function Tabs({
  className = '',
  ...props
}: Omit<TabsProps, 'className'> & { className?: string }) {
  return <AriaTabs {...props} className={`flex flex-col gap-4 ${className}`} />;
}

export function TabList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <AriaTabList
      aria-label={label}
      className="grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
    >
      {children}
    </AriaTabList>
  );
}

export function Tab({ id, children }: { id: string; children: ReactNode }) {
  return (
    <AriaTab
      id={id}
      className="flex min-h-11 cursor-pointer items-center justify-center rounded-md px-3 text-center text-sm font-medium text-slate-700 outline-none transition-colors hover:text-slate-950 focus-visible:ring-2 focus-visible:ring-teal-600 data-selected:bg-white data-selected:text-slate-950 data-selected:shadow-sm dark:text-slate-300 dark:hover:text-white dark:data-selected:bg-slate-950 dark:data-selected:text-white"
    >
      {children}
    </AriaTab>
  );
}

export function TabPanel({ id, children }: { id: string; children: ReactNode }) {
  return (
    <AriaTabPanel
      id={id}
      className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
    >
      {children}
    </AriaTabPanel>
  );
}
