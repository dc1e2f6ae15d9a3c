import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={clsx(
        'h-12 w-full rounded-xl border border-stone-300 bg-white px-4 text-base text-stone-900 shadow-xs',
        'placeholder:text-stone-500 focus:border-brand-700 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0',
        className,
      )}
      {...props}
    />
  );
}
