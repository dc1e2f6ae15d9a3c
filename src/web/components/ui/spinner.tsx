import { clsx } from 'clsx';
import { LoaderCircle } from 'lucide-react';

/** A spinning icon; say what is loading next to it, or with `label` when it stands alone. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <>
      <LoaderCircle aria-hidden="true" className={clsx('animate-spin', className ?? 'size-5')} />
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  );
}
