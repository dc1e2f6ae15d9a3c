import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminVendor } from '../../../../shared/admin.schemas.ts';
import { categoryLabel } from '../../../../shared/categories.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { errorTextNow } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toast.ts';
import { useApproveVendorClaim } from '../api/use-admin-vendors.ts';
import { RowActions } from './admin-list-tab.tsx';
import { AvailabilityEditor } from './availability-editor.tsx';

/** product §2: a vendor card with Information and Availability tabs, its badges, edit and delete. */
export function AdminVendorCard({
  vendor,
  onEdit,
  onDelete,
}: {
  vendor: AdminVendor;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const notGiven = t('admin.vendors.noContact');
  // A proven claim whose earlier bookings the claimant sees only once an admin approves it.
  const claimPending = vendor.is_claimed && vendor.claimed_at !== null && vendor.claim_approved_at === null;
  return (
    <article
      aria-labelledby={`vendor-${vendor.id}`}
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs"
    >
      <div className="flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h2 id={`vendor-${vendor.id}`} className="truncate text-base font-bold text-stone-900">
            {vendor.business_name}
          </h2>
          <p className="text-sm text-stone-600">{categoryLabel(vendor.service_category, i18n.language)}</p>
        </div>
        <RowActions
          editLabel={t('admin.vendors.editLabel', { name: vendor.business_name })}
          deleteLabel={t('admin.vendors.deleteLabel', { name: vendor.business_name })}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      </div>
      <ul className="flex flex-wrap gap-1.5" aria-label={t('admin.vendors.status')}>
        <li>
          <Badge tone={vendor.is_claimed ? 'brand' : 'neutral'}>
            {vendor.is_claimed ? t('admin.vendors.claimed') : t('admin.vendors.unclaimed')}
          </Badge>
        </li>
        {vendor.is_verified ? (
          <li>
            <Badge tone="brand">{t('admin.vendors.verified')}</Badge>
          </li>
        ) : null}
        {vendor.admin_created ? (
          <li>
            <Badge>{t('admin.vendors.adminCreated')}</Badge>
          </li>
        ) : null}
        <li>
          <Badge>{t(`admin.vendors.statuses.${vendor.application_status}`)}</Badge>
        </li>
        {claimPending ? (
          <li>
            <Badge>{t('admin.vendors.claimPending')}</Badge>
          </li>
        ) : null}
      </ul>
      {claimPending ? <ApproveClaimButton vendor={vendor} /> : null}
      <Tabs defaultValue="information" className="flex flex-col gap-3">
        <TabsList>
          <TabsTrigger value="information">{t('admin.vendors.information')}</TabsTrigger>
          <TabsTrigger value="availability">{t('admin.vendors.availability')}</TabsTrigger>
        </TabsList>
        <TabsContent value="information">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-stone-600">{t('admin.common.email')}</dt>
            <dd className="truncate text-stone-900">{vendor.business_email ?? notGiven}</dd>
            <dt className="text-stone-600">{t('admin.common.phone')}</dt>
            <dd className="text-stone-900">
              {vendor.business_phone ??
                (vendor.business_phone_unreadable ? (
                  <span className="font-medium text-red-800">
                    {t('admin.vendors.unreadablePhone', { phone: vendor.business_phone_unreadable })}
                  </span>
                ) : (
                  notGiven
                ))}
            </dd>
            <dt className="text-stone-600">{t('admin.vendors.pricingType')}</dt>
            <dd className="text-stone-900">
              {vendor.pricing_type
                ? t(`admin.vendors.pricing.${vendor.pricing_type}`)
                : t('admin.vendors.pricingNone')}
            </dd>
            <dt className="text-stone-600">{t('admin.vendors.address')}</dt>
            <dd className="text-stone-900">{vendor.address ?? notGiven}</dd>
          </dl>
        </TabsContent>
        <TabsContent value="availability">
          <AvailabilityEditor vendor={vendor} />
        </TabsContent>
      </Tabs>
    </article>
  );
}

function ApproveClaimButton({ vendor }: { vendor: AdminVendor }) {
  const { t } = useTranslation();
  const approve = useApproveVendorClaim();
  return (
    <Button
      variant="soft"
      disabled={approve.isPending}
      aria-label={t('admin.vendors.approveClaimLabel', { name: vendor.business_name })}
      onClick={() =>
        approve.mutate(vendor.id, {
          onSuccess: () => toast.success(t('admin.vendors.claimApproved')),
          onError: (err) =>
            toast.error(t('admin.vendors.approveClaimFailed'), {
              description: errorTextNow(err),
            }),
        })
      }
    >
      <ShieldCheck aria-hidden="true" className="size-5" />
      {t('admin.vendors.approveClaim')}
    </Button>
  );
}
