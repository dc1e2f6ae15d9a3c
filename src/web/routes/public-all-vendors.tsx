import { LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { directoryCategories } from '../../shared/categories.ts';
import { DIRECTORY_PAGE_SIZE } from '../../shared/constants.ts';
import { buttonClassName } from '../components/ui/button.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { VendorDirectory } from '../features/vendors/components/vendor-directory.tsx';
import { paths } from '../lib/paths.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * The public directory (/public/all-vendors, product §2, §8, §9): its own category list, `?category=`
 * preselects, pages of 12 in a grid, and a Sign In button for visitors. The list is Browse Vendors' own.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.directory'));
  // Sign In is for visitors: once the session is known and there is one, it goes.
  const auth = useAuth();
  const signedOut = !auth.loading && !auth.user;
  return (
    <div className="flex flex-col gap-4 py-2">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('screens.directory')}</h1>
        {signedOut ? (
          <Link to={paths.auth.to()} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
            <LogIn aria-hidden="true" className="size-4" />
            {t('discovery.directory.signIn')}
          </Link>
        ) : null}
      </div>
      <VendorDirectory
        categories={directoryCategories}
        pageSize={DIRECTORY_PAGE_SIZE}
        layout="grid"
        errorToast={{ title: t('discovery.directory.loadError') }}
      />
    </div>
  );
}
