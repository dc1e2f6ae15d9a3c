import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, policyNames } from '../lib/paths.ts';

/**
 * The page footer of every screen (product §2.23): the public directory and the three policies. Under the tabbed
 * layout it keeps clear of the fixed bottom navigation (`className`).
 */
export function AppFooter({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <footer className={`border-t border-stone-200 px-4 pt-4 ${className}`}>
      <p className="mx-auto max-w-md text-center text-sm">
        <Link
          to={paths.directory.to()}
          className="inline-flex min-h-11 items-center text-stone-600 underline-offset-4 hover:text-stone-900 hover:underline"
        >
          {t('screens.directory')}
        </Link>
      </p>
      <nav aria-label={t('legal.label')} className="mx-auto max-w-md">
        <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm">
          {policyNames.map((name) => (
            <li key={name}>
              <Link
                to={paths.policy.to(name)}
                className="inline-flex min-h-11 items-center text-stone-600 underline-offset-4 hover:text-stone-900 hover:underline"
              >
                {t(`legal.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
