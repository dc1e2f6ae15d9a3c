import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';

/**
 * A section of the vendor's dashboard named by its title; `action`, when the section has one (even
 * hidden for now, null), stands at the title's end.
 */
export function DashboardSection({
  titleId,
  title,
  action,
  children,
}: {
  titleId: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={titleId} className="text-lg font-semibold text-stone-900">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm">
      {action === undefined ? (
        heading
      ) : (
        <div className="flex items-center justify-between gap-3">
          {heading}
          {action}
        </div>
      )}
      {children}
    </section>
  );
}

/**
 * Runs one of the vendor's changes: its toast (`done`) once it went through, else the dashboard's
 * error toast saying `failed`.
 */
export function useRunWithToasts() {
  const { t } = useTranslation();
  return async (change: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await change();
      toast.success(done);
    } catch {
      toast.error(t('vendor.wizard.errorTitle'), { description: failed });
    }
  };
}
