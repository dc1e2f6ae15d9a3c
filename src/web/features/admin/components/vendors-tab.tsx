import { useTranslation } from 'react-i18next';
import { useAdminVendors, useDeleteVendor } from '../api/use-admin-vendors.ts';
import { AdminListTab } from './admin-list-tab.tsx';
import { AdminVendorCard } from './admin-vendor-card.tsx';
import { VendorFormDialog } from './vendor-form-dialog.tsx';

/** product §2 Vendors tab: search, 'Showing x of y', add, edit and delete (paged on the server). */
export function VendorsTab() {
  const { t } = useTranslation();
  return (
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
  );
}
