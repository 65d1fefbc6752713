// The one button of the app: React Aria's (press handling, focus ring only for keyboard),
// at least 44 px high for touch (docs/product.md#screens-and-routes).
import type { Ref } from 'react';
import {
  Button as AriaButton,
  type ButtonProps as AriaButtonProps,
} from 'react-aria-components/Button';

const variants = {
  primary: 'bg-teal-700 text-white hover:bg-teal-800 pressed:bg-teal-900',
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

export type ButtonProps = Omit<AriaButtonProps, 'className'> & {
  variant?: ButtonVariant;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
};

export function Button({ variant = 'primary', className = '', ...props }: ButtonProps) {
  return <AriaButton {...props} className={buttonClass(variant, className)} />;
}
