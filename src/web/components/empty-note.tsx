import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A list's honest empty state, in a row: a dashed card with a round icon, the text and any action. */
export function EmptyNote({
  icon: Icon,
  text,
  children,
}: {
  icon: LucideIcon;
  text: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex items-center gap-4 rounded-2xl border border-dashed border-stone-300 bg-white p-4">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-stone-100 text-stone-600">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <p className="min-w-0 flex-1 text-sm text-stone-700">{text}</p>
      {children}
    </div>
  );
}
