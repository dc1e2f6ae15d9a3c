import type { ReactNode } from 'react';

/**
 * A card of a booking's facts as a description list (the booking page, the payment pages): its
 * title names it for assistive technology, shown or not.
 */
export function DetailsCard({
  id,
  title,
  showTitle = true,
  children,
}: {
  id: string;
  title: string;
  showTitle?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-stone-200 bg-white p-4">
      <h2 id={id} className={showTitle ? 'mb-3 text-base font-semibold text-stone-900' : 'sr-only'}>
        {title}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">{children}</dl>
    </section>
  );
}

/** One fact of a DetailsCard. */
export function DetailsRow({
  label,
  testId,
  children,
}: {
  label: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="contents">
      <dt className="font-semibold text-stone-600">{label}</dt>
      <dd data-testid={testId} className="min-w-0 break-words text-stone-900">
        {children}
      </dd>
    </div>
  );
}
