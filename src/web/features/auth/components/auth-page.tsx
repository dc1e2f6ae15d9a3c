import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A page a mailed link leads to (the magic link, the password reset): an optional round icon, the
 * title as the page's heading, what it means, then the page's own controls.
 */
export function AuthPage({
  icon: Icon,
  tone = 'brand',
  title,
  text,
  children,
}: {
  icon?: LucideIcon;
  /** `danger` for a link that no longer works. */
  tone?: 'brand' | 'danger';
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6 py-4">
      <div>
        {Icon ? (
          <span
            className={clsx(
              'flex size-12 items-center justify-center rounded-full',
              tone === 'danger' ? 'bg-red-50 text-red-700' : 'bg-brand-50 text-brand-700',
            )}
          >
            <Icon aria-hidden="true" className="size-6" />
          </span>
        ) : null}
        <h1 className={clsx(Icon && 'mt-4', 'text-2xl font-bold tracking-tight text-stone-900')}>{title}</h1>
        <p className="mt-1 text-stone-600">{text}</p>
      </div>
      {children}
    </div>
  );
}
