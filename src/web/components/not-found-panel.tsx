import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A page's "not found" (an unknown address, vendor or booking link): its icon, an optional kicker
 * ("404"), the title as the page's heading, what it means, and the ways on.
 */
export function NotFoundPanel({
  icon: Icon,
  kicker,
  title,
  text,
  children,
}: {
  icon: LucideIcon;
  kicker?: string;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center py-12 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon aria-hidden="true" className="size-8" />
      </span>
      {kicker ? <p className="mt-6 text-sm font-semibold tracking-widest text-brand-700">{kicker}</p> : null}
      <h1 className={`${kicker ? 'mt-1' : 'mt-6'} text-2xl font-bold tracking-tight text-stone-900`}>
        {title}
      </h1>
      <p className="mt-2 text-stone-600">{text}</p>
      <div className="mt-8 flex w-full flex-col gap-3">{children}</div>
    </div>
  );
}
