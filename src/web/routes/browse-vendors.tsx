import { useTranslation } from 'react-i18next';
import { browseCategories } from '../../shared/categories.ts';
import { BROWSE_PAGE_SIZE } from '../../shared/constants.ts';
import { VendorDirectory } from '../features/vendors/components/vendor-directory.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * Browse Vendors (product §2, §8, §9): the browse chips, pages of 6, and the spec's toast
 * 'Error / Failed to load vendors. Please try again.' The list itself is shared with the public
 * directory (VendorDirectory).
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.browseVendors'));
  return (
    <div className="flex flex-col gap-4 py-2">
      <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('screens.browseVendors')}</h1>
      <VendorDirectory
        categories={browseCategories}
        pageSize={BROWSE_PAGE_SIZE}
        errorToast={{ title: t('browse.errorTitle'), description: t('browse.errorText') }}
      />
    </div>
  );
}
