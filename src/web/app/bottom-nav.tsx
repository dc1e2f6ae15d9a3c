import { clsx } from 'clsx';
import { BriefcaseBusiness, type LucideIcon, ShieldCheck, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../lib/paths.ts';

interface Tab {
  to: string;
  label: string;
  icon: LucideIcon;
  isCurrent: (pathname: string) => boolean;
}

/** product §2: tabs Vendors (/), Jobs (/jobs) and Admin (/admin, visible only to admins). */
export function BottomNav({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const tabs: Tab[] = [
    {
      to: paths.home.to(),
      label: t('nav.vendors'),
      icon: Store,
      // Home and Browse Vendors are both the Vendors tab.
      isCurrent: (p) => p === '/' || p === paths.vendors.pattern || p.startsWith(`${paths.vendors.pattern}/`),
    },
    {
      to: paths.jobs.to(),
      label: t('nav.jobs'),
      icon: BriefcaseBusiness,
      isCurrent: (p) => p.startsWith(paths.jobs.pattern),
    },
  ];
  if (isAdmin) {
    tabs.push({
      to: paths.admin.to(),
      label: t('nav.admin'),
      icon: ShieldCheck,
      isCurrent: (p) => p.startsWith(paths.admin.pattern),
    });
  }
  return (
    <nav
      aria-label={t('nav.label')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-white/85"
    >
      <ul className="mx-auto flex h-16 max-w-md">
        {tabs.map(({ to, label, icon: Icon, isCurrent }) => {
          const current = isCurrent(pathname);
          return (
            <li key={to} className="flex flex-1">
              <Link
                to={to}
                aria-current={current ? 'page' : undefined}
                className={clsx(
                  'flex flex-1 flex-col items-center justify-center gap-1 text-xs font-medium transition-colors',
                  current ? 'text-brand-700' : 'text-stone-600 hover:text-stone-900',
                )}
              >
                <span
                  className={clsx(
                    'flex h-7 w-14 items-center justify-center rounded-full transition-colors',
                    current && 'bg-brand-50',
                  )}
                >
                  <Icon aria-hidden="true" className="size-5" strokeWidth={current ? 2.4 : 2} />
                </span>
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
