import { useTranslation } from 'react-i18next';
import { useAdminVendors, useDeleteVendor, useUnreadablePhones } from '../api/use-admin-vendors.ts';
import { AdminListTab } from './admin-list-tab.tsx';
import { AdminVendorCard } from './admin-vendor-card.tsx';
import { VendorFormDialog } from './vendor-form-dialog.tsx';

/** product §2 Vendors tab: search, 'Showing x of y', add, edit and delete (paged on the server). */
export function VendorsTab() {
  const { t } = useTranslation();
  return (
    <>
      <UnreadablePhonesNotice />
      <AdminListTab
        useList={useAdminVendors}
        useDelete={useDeleteVendor}
        errorToastId="admin-vendors"
        text={{
          searchPlaceholder: t('admin.vendors.searchPlaceholder'),
          add: t('admin.vendors.add'),
          deleteText: (vendor) => t('admin.vendors.deleteText', { name: vendor.business_name }),
          deleted: t('admin.toast.vendorDeleted'),
          deleteFailed: t('admin.toast.vendorDeleteFailed'),
        }}
        skeletonClassName="h-40 rounded-2xl"
        listClassName="flex flex-col gap-3"
        row={(vendor, { edit, remove }) => (
          <li key={vendor.id}>
            <AdminVendorCard vendor={vendor} onEdit={edit} onDelete={remove} />
          </li>
        )}
        form={({ item, open, onOpenChange }) => (
          <VendorFormDialog vendor={item} open={open} onOpenChange={onOpenChange} />
        )}
      />
    </>
  );
}

/**
 * Vendor phones stored before every phone was read by libphonenumber-js that no number could be read
 * from (db/phone-repair.ts): no WhatsApp reaches them until an admin enters the right one.
 */
function UnreadablePhonesNotice() {
  const { t } = useTranslation();
  const { data } = useUnreadablePhones();
  const items = data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="unreadable-phones"
      className="mb-4 flex flex-col gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h2 id="unreadable-phones" className="font-semibold">
        {t('admin.vendors.unreadablePhonesTitle')}
      </h2>
      <p>{t('admin.vendors.unreadablePhonesText', { count: items.length })}</p>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        {items.map((item) => (
          <li key={item.id} className="break-words">
            {t('admin.vendors.unreadablePhoneItem', { name: item.business_name, phone: item.stored_phone })}
          </li>
        ))}
      </ul>
    </section>
  );
}
