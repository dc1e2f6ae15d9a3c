import { useTranslation } from 'react-i18next';
import { categoryLabel } from '../../../../shared/categories.ts';
import { dateTimeFormat } from '../../../../shared/date-format.ts';
import type { IdentityChanges, IdentityField } from '../../../../shared/vendor-changes.schemas.ts';
import type { VendorAccountProfile } from '../../../../shared/vendor-signup.schemas.ts';
import { AdminMessage, DashboardNotice } from './dashboard-notice.tsx';

/**
 * Decision 055: an approved vendor's change of name, category, phone, email or address waits for an
 * admin. The dashboard says what waits and what the public sees meanwhile, or why the last change
 * was turned down.
 */
export function PendingChangeNotice({
  profile,
}: {
  profile: Pick<
    VendorAccountProfile,
    | 'pending_change'
    | 'rejected_change'
    | 'business_name'
    | 'service_category'
    | 'business_phone'
    | 'business_email'
    | 'address'
    | 'timezone'
  >;
}) {
  const { t, i18n } = useTranslation();
  const shown = (field: IdentityField, value: string | null | undefined) =>
    !value ? '—' : field === 'service_category' ? categoryLabel(value, i18n.language) : value;
  const fieldsOf = (changes: IdentityChanges) => Object.keys(changes) as IdentityField[];
  const titleId = 'pending-change-title';

  if (profile.pending_change) {
    const { fields, submitted_at } = profile.pending_change;
    return (
      <DashboardNotice titleId={titleId} title={t('vendor.dashboard.change.pendingTitle')} tone="waiting">
        <p className="text-sm">{t('vendor.dashboard.change.pendingText')}</p>
        <dl className="flex flex-col gap-2 text-sm">
          {fieldsOf(fields).map((field) => (
            <div key={field} className="flex flex-col gap-0.5 rounded-lg bg-white/70 px-3 py-2">
              <dt className="font-semibold">{t(`vendor.dashboard.change.fields.${field}`)}</dt>
              <dd className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3">
                <span>{t('vendor.dashboard.change.proposed')}</span>
                <span className="font-medium wrap-anywhere">{shown(field, fields[field])}</span>
                <span>{t('vendor.dashboard.change.publicNow')}</span>
                <span className="wrap-anywhere">{shown(field, profile[field])}</span>
              </dd>
            </div>
          ))}
        </dl>
        <p className="text-sm">
          {t('vendor.dashboard.change.submitted', {
            date: dateTimeFormat(i18n.language, {
              dateStyle: 'medium',
              timeStyle: 'short',
              // The vendor's own clock, whatever the phone's zone.
              timeZone: profile.timezone,
            }).format(new Date(submitted_at)),
          })}
        </p>
      </DashboardNotice>
    );
  }
  if (profile.rejected_change) {
    const { fields, message } = profile.rejected_change;
    return (
      <DashboardNotice titleId={titleId} title={t('vendor.dashboard.change.rejectedTitle')} tone="refused">
        <ul className="text-sm">
          {fieldsOf(fields).map((field) => (
            <li key={field} className="wrap-anywhere">
              {t(`vendor.dashboard.change.fields.${field}`)}: {shown(field, fields[field])}
            </li>
          ))}
        </ul>
        <p className="text-sm">{t('vendor.dashboard.change.rejectedText')}</p>
        <AdminMessage message={message} />
      </DashboardNotice>
    );
  }
  return null;
}
