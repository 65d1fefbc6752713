// The one button of the app: React Aria's (press handling, focus ring only for keyboard),
// at least 44 px high for touch (docs/product.md#screens-and-routes).
import type { Ref } from 'react';
import {
  Button as AriaButton,
  type ButtonProps as AriaButtonProps,
} from 'react-aria-components/Button';
import { type ButtonVariant, buttonClass } from './button-class.ts';

export type ButtonProps = Omit<AriaButtonProps, 'className'> & {
  variant?: ButtonVariant;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
};

export function Button({ variant = 'primary', className = '', ...props }: ButtonProps) {
  return <AriaButton {...props} className={buttonClass(variant, className)} />;
}
