import { clsx } from 'clsx';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';

const variants = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900',
  secondary:
    'border border-stone-300 bg-white text-stone-900 shadow-xs hover:bg-stone-50 active:bg-stone-100',
  soft: 'bg-brand-50 text-brand-800 hover:bg-brand-100 active:bg-brand-200',
  ghost: 'text-stone-700 hover:bg-stone-100 active:bg-stone-200',
  /** What cannot be undone (a booking cancelled, a vendor blocked). */
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800 active:bg-red-900',
} as const;

const sizes = {
  // Drawn smaller than a fingertip, tapped at 44 px (styles.css `tap-target`).
  sm: 'tap-target h-9 gap-1.5 rounded-lg px-3 text-sm',
  md: 'h-11 gap-2 rounded-xl px-4 text-sm',
  lg: 'h-12 gap-2 rounded-xl px-5 text-base',
  icon: 'tap-target size-10 rounded-full',
} as const;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child (a link) with the button's look instead of a <button>. */
  asChild?: boolean;
}

export function buttonClassName({
  variant = 'primary',
  size = 'md',
}: Pick<ButtonProps, 'variant' | 'size'> = {}) {
  return clsx(
    'inline-flex shrink-0 select-none items-center justify-center font-semibold whitespace-nowrap transition-colors',
    'disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60',
    variants[variant],
    sizes[size],
  );
}

export function Button({ variant, size, asChild = false, className, type, ...props }: ButtonProps) {
  const classes = clsx(buttonClassName({ variant, size }), className);
  if (asChild) return <Slot.Root className={classes} {...props} />;
  return <button type={type ?? 'button'} className={classes} {...props} />;
}
