import { useTranslation } from 'react-i18next';
import { isCategoryKey } from '../../../../shared/categories.ts';
import { Avatar } from '../../../components/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { useAdminCustomers, useDeleteCustomer } from '../api/use-admin-customers.ts';
import { AdminListTab, RowActions } from './admin-list-tab.tsx';
import { CustomerFormDialog } from './customer-form-dialog.tsx';

/**
 * product §2 Customers tab: avatar, name, phone and preferred categories; add, edit, delete — guests
 * (booking only) too, whose delete dialog says that their bookings stay.
 */
export function CustomersTab() {
  const { t } = useTranslation();
  return (
    <AdminListTab
      useList={useAdminCustomers}
      useDelete={useDeleteCustomer}
      errorToastId="admin-customers"
      text={{
        searchPlaceholder: t('admin.customers.searchPlaceholder'),
        add: t('admin.customers.add'),
        deleteText: (customer) =>
          customer.kind === 'booking_only'
            ? t('admin.customers.guestDeleteText', {
                name: customer.display_name,
                bookings: customer.bookings,
                active: customer.active_bookings,
              })
            : t('admin.customers.deleteText', { name: customer.display_name }),
        deleted: t('admin.toast.customerDeleted'),
        deleteFailed: t('admin.toast.customerDeleteFailed'),
      }}
      skeletonClassName="h-24 rounded-2xl"
      listClassName="flex flex-col gap-2"
      row={(c, { edit, remove }) => (
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
                <Badge title={t('admin.customers.bookingOnlyHint')}>{t('admin.customers.bookingOnly')}</Badge>
              ) : null}
              {c.preferred_categories.map((key) => (
                <Badge key={key} tone="brand">
                  {isCategoryKey(key) ? t(`categories.${key}`) : key}
                </Badge>
              ))}
            </div>
          </div>
          {/* A guest too: their bookings keep the contact given with each. */}
          <RowActions
            editLabel={t('admin.customers.editLabel', { name: c.display_name })}
            deleteLabel={t('admin.customers.deleteLabel', { name: c.display_name })}
            onEdit={edit}
            onDelete={remove}
          />
        </li>
      )}
      form={({ item, open, onOpenChange }) => (
        <CustomerFormDialog customer={item} open={open} onOpenChange={onOpenChange} />
      )}
    />
  );
}
