import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE, type AdminVendor } from '../../../../shared/admin.schemas.ts';
import { SEARCH_DEBOUNCE_MS } from '../../../../shared/constants.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useAdminVendors, useDeleteVendor } from '../api/use-admin-vendors.ts';
import { AdminVendorCard } from './admin-vendor-card.tsx';
import { SearchBox } from './search-box.tsx';
import { VendorFormDialog } from './vendor-form-dialog.tsx';

/** spec §2 Vendors tab: search, 'Showing x of y', add, edit and delete (paged on the server). */
export function VendorsTab() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [limit, setLimit] = useState(ADMIN_PAGE_SIZE);
  const vendors = useAdminVendors(q, limit);
  const remove = useDeleteVendor();
  const [form, setForm] = useState<{ open: boolean; vendor: AdminVendor | null }>({
    open: false,
    vendor: null,
  });
  const [deleting, setDeleting] = useState<AdminVendor | null>(null);
  useErrorToast('admin-vendors', vendors, { title: t('admin.toast.fetchFailed') });
  const items = vendors.data?.items ?? [];
  const total = vendors.data?.total ?? 0;

  return (
    <div className="flex flex-col gap-4">
      <SearchBox
        label={t('admin.common.search')}
        placeholder={t('admin.vendors.searchPlaceholder')}
        value={search}
        onChange={(value) => {
          setSearch(value);
          setLimit(ADMIN_PAGE_SIZE);
        }}
      />
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-stone-700" aria-live="polite">
          {vendors.data ? t('admin.common.showing', { shown: items.length, total }) : null}
        </p>
        <Button onClick={() => setForm({ open: true, vendor: null })}>
          <Plus aria-hidden className="size-4" />
          {t('admin.vendors.add')}
        </Button>
      </div>
      {vendors.isPending ? <Skeleton className="h-40 rounded-2xl" /> : null}
      {vendors.isSuccess && items.length === 0 ? (
        <p className="text-stone-600">{t('admin.common.empty')}</p>
      ) : null}
      <ul className="flex flex-col gap-3">
        {items.map((vendor) => (
          <li key={vendor.id}>
            <AdminVendorCard
              vendor={vendor}
              onEdit={() => setForm({ open: true, vendor })}
              onDelete={() => setDeleting(vendor)}
            />
          </li>
        ))}
      </ul>
      {items.length < total ? (
        <Button
          variant="secondary"
          onClick={() => setLimit((l) => l + ADMIN_PAGE_SIZE)}
          disabled={vendors.isFetching}
        >
          {t('admin.common.loadMore')}
        </Button>
      ) : null}
      <VendorFormDialog
        vendor={form.vendor}
        open={form.open}
        onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('admin.common.confirmDeleteTitle')}
        description={t('admin.vendors.deleteText', { name: deleting?.business_name ?? '' })}
        confirmLabel={t('admin.common.confirmDelete')}
        cancelLabel={t('admin.common.cancel')}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success(t('admin.toast.vendorDeleted')),
            onError: (err) => toast.error(t('admin.toast.vendorDeleteFailed'), { description: err.message }),
          });
          setDeleting(null);
        }}
      />
    </div>
  );
}
