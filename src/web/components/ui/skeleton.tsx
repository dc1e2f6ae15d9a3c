import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

/** A grey placeholder block; decorative, so hidden from assistive technology. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div aria-hidden="true" className={clsx('animate-pulse rounded-md bg-stone-200', className)} {...props} />
  );
}
