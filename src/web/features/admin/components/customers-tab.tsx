import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE, type AdminCustomer } from '../../../../shared/admin.schemas.ts';
import { isCategoryKey } from '../../../../shared/categories.ts';
import { SEARCH_DEBOUNCE_MS } from '../../../../shared/constants.ts';
import { Avatar } from '../../../components/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useAdminCustomers, useDeleteCustomer } from '../api/use-admin-customers.ts';
import { CustomerFormDialog } from './customer-form-dialog.tsx';
import { SearchBox } from './search-box.tsx';

/** spec §2 Customers tab: avatar, name, phone and preferred categories; add, edit, delete. */
export function CustomersTab() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [limit, setLimit] = useState(ADMIN_PAGE_SIZE);
  const customers = useAdminCustomers(q, limit);
  const remove = useDeleteCustomer();
  const [form, setForm] = useState<{ open: boolean; customer: AdminCustomer | null }>({
    open: false,
    customer: null,
  });
  const [deleting, setDeleting] = useState<AdminCustomer | null>(null);
  useErrorToast('admin-customers', customers, { title: t('admin.toast.fetchFailed') });
  const items = customers.data?.items ?? [];
  const total = customers.data?.total ?? 0;

  return (
    <div className="flex flex-col gap-4">
      <SearchBox
        label={t('admin.common.search')}
        placeholder={t('admin.customers.searchPlaceholder')}
        value={search}
        onChange={(value) => {
          setSearch(value);
          setLimit(ADMIN_PAGE_SIZE);
        }}
      />
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-stone-700" aria-live="polite">
          {customers.data ? t('admin.common.showing', { shown: items.length, total }) : null}
        </p>
        <Button onClick={() => setForm({ open: true, customer: null })}>
          <Plus aria-hidden className="size-4" />
          {t('admin.customers.add')}
        </Button>
      </div>
      {customers.isPending ? <Skeleton className="h-24 rounded-2xl" /> : null}
      {customers.isSuccess && items.length === 0 ? (
        <p className="text-stone-600">{t('admin.common.empty')}</p>
      ) : null}
      <ul className="flex flex-col gap-2">
        {items.map((c) => (
          <li
            key={c.id}
            className="flex items-center gap-3 rounded-2xl border border-stone-200 bg-white p-3 shadow-xs"
          >
            <Avatar name={c.display_name} src={null} className="size-11 shrink-0 text-sm" />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="truncate font-semibold text-stone-900">{c.display_name}</p>
              <p className="text-sm text-stone-600">{c.phone ?? t('admin.customers.noPhone')}</p>
              <div className="flex flex-wrap gap-1">
                {c.kind === 'booking_only' ? (
                  <Badge title={t('admin.customers.bookingOnlyHint')}>
                    {t('admin.customers.bookingOnly')}
                  </Badge>
                ) : null}
                {c.preferred_categories.map((key) => (
                  <Badge key={key} tone="brand">
                    {isCategoryKey(key) ? t(`categories.${key}`) : key}
                  </Badge>
                ))}
              </div>
            </div>
            {c.kind === 'profile' ? (
              <>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('admin.customers.editLabel', { name: c.display_name })}
                  onClick={() => setForm({ open: true, customer: c })}
                >
                  <Pencil aria-hidden className="size-5" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('admin.customers.deleteLabel', { name: c.display_name })}
                  onClick={() => setDeleting(c)}
                >
                  <Trash2 aria-hidden className="size-5" />
                </Button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {items.length < total ? (
        <Button
          variant="secondary"
          onClick={() => setLimit((l) => l + ADMIN_PAGE_SIZE)}
          disabled={customers.isFetching}
        >
          {t('admin.common.loadMore')}
        </Button>
      ) : null}
      <CustomerFormDialog
        customer={form.customer}
        open={form.open}
        onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('admin.common.confirmDeleteTitle')}
        description={t('admin.customers.deleteText', { name: deleting?.display_name ?? '' })}
        confirmLabel={t('admin.common.confirmDelete')}
        cancelLabel={t('admin.common.cancel')}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success(t('admin.toast.customerDeleted')),
            onError: (err) =>
              toast.error(t('admin.toast.customerDeleteFailed'), { description: err.message }),
          });
          setDeleting(null);
        }}
      />
    </div>
  );
}
