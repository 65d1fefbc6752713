// The look of the app's buttons, apart from React Aria's Button (button.tsx) so that plain
// buttons and links styled as buttons (the shell's, decision 099) do not pull it into a chunk.
const variants = {
  primary: 'bg-teal-700 text-white hover:bg-teal-800 pressed:bg-teal-900 active:bg-teal-900',
  secondary:
    'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
  // A destructive action that must not shout beside the row's main one (Delete next to Review).
  'quiet-destructive':
    'text-red-800 underline-offset-2 hover:bg-red-50 hover:underline dark:text-red-300 dark:hover:bg-red-950',
  // Saying no to something (Reject beside Approve): outlined, not filled, so the two differ.
  'outline-destructive':
    'border border-red-700 bg-white text-red-800 hover:bg-red-50 dark:border-red-400 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950',
  ghost: 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
} as const;

export type ButtonVariant = keyof typeof variants;

export const buttonClass = (variant: ButtonVariant = 'primary', extra = '') =>
  `inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md px-4 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 dark:focus-visible:ring-offset-slate-950 disabled:cursor-not-allowed disabled:opacity-50 ${variants[variant]} ${extra}`;
