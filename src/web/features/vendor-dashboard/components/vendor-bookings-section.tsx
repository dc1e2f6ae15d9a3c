import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VendorBooking, VendorBookingAction } from '../../../../shared/booking.schemas.ts';
import { VENDOR_CONFIRMATION_TARGET_HOURS } from '../../../../shared/constants.ts';
import { dateTimeFormat } from '../../../../shared/date-format.ts';
import { priceText } from '../../../../shared/money.ts';
import { addressLine } from '../../../../shared/service-location.ts';
import { EmailContactLink, PhoneContactLinks } from '../../../components/customer-contact-links.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { useDecideVendorBooking, useVendorBookings } from '../../bookings/api/use-vendor-bookings.ts';
import { DashboardSection, useRunWithToasts } from './dashboard-section.tsx';
import { VendorBookingActions } from './vendor-booking-actions.tsx';

/** The vendor's bookings, from the bookings feature's hooks (GET /api/vendor/bookings + decide). */
export function VendorBookingsSection() {
  const { t, i18n } = useTranslation();
  const bookings = useVendorBookings();
  const decide = useDecideVendorBooking();
  const items = bookings.data?.items ?? [];
  // Decline-and-block asks first: the requester cannot book this vendor again.
  const [blocking, setBlocking] = useState<VendorBooking | null>(null);

  const run = useRunWithToasts();
  const act = (id: string, action: VendorBookingAction) =>
    run(
      () => decide.mutateAsync({ id, action }),
      t(
        action === 'decline-and-block'
          ? 'vendor.dashboard.bookings.blocked'
          : 'vendor.dashboard.bookings.done',
      ),
      t('vendor.dashboard.bookings.failed'),
    );

  return (
    <DashboardSection titleId="bookings-title" title={t('vendor.dashboard.bookings.title')}>
      {bookings.isError ? (
        <p className="text-sm text-red-800">{t('vendor.dashboard.bookings.loadFailed')}</p>
      ) : null}
      {bookings.isSuccess && items.length === 0 ? (
        <p className="text-sm text-stone-600">{t('vendor.dashboard.bookings.empty')}</p>
      ) : null}
      <ul className="flex flex-col divide-y divide-stone-100">
        {items.map((b) => (
          // An anchor for the links that name this booking (time off, decision 090).
          <li key={b.id} id={`booking-${b.id}`} className="flex scroll-mt-4 flex-col gap-2 py-3">
            <div className="flex items-start justify-between gap-2">
              <div>
                <p className="font-medium text-stone-900">
                  {b.service_name ?? '—'} · {b.customer_name}
                </p>
                <p className="text-sm text-stone-700">
                  {dateTimeFormat(i18n.language, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                    timeZone: b.timezone,
                  }).format(new Date(b.start_time))}{' '}
                  · {priceText(b.amount_mxn, i18n.language)}
                </p>
              </div>
              <Badge>{t(`vendor.dashboard.bookings.status.${b.status}`)}</Badge>
            </div>
            {b.status === 'pending_vendor' && b.answer_due_at ? (
              <p className="text-sm text-stone-700">
                {t('vendor.dashboard.bookings.answerWindow', {
                  hours: VENDOR_CONFIRMATION_TARGET_HOURS,
                  due: dateTimeFormat(i18n.language, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                    timeZone: b.timezone,
                  }).format(new Date(b.answer_due_at)),
                })}
              </p>
            ) : null}
            <CustomerDetails booking={b} />
            {b.status === 'pending_vendor' ? (
              // Three answers do not fit one line at 390 px: they wrap rather than scroll sideways.
              <div className="flex flex-wrap gap-2">
                {(
                  [
                    ['confirm', () => void act(b.id, 'confirm')],
                    ['decline', () => void act(b.id, 'decline')],
                    ['block', () => setBlocking(b)],
                  ] as const
                ).map(([answer, onClick]) => (
                  <Button
                    key={answer}
                    size="sm"
                    {...(answer === 'confirm' ? {} : { variant: 'secondary' as const })}
                    aria-label={t(`vendor.dashboard.bookings.${answer}Label`, { code: b.code })}
                    disabled={decide.isPending}
                    onClick={onClick}
                  >
                    {t(`vendor.dashboard.bookings.${answer}`)}
                  </Button>
                ))}
              </div>
            ) : null}
            <VendorBookingActions booking={b} />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={blocking !== null}
        onOpenChange={(open) => {
          if (!open) setBlocking(null);
        }}
        title={t('vendor.dashboard.bookings.blockTitle', { name: blocking?.customer_name ?? '' })}
        description={t('vendor.dashboard.bookings.blockText', {
          code: blocking?.code ?? '',
          name: blocking?.customer_name ?? '',
        })}
        confirmLabel={t('vendor.dashboard.bookings.block')}
        cancelLabel={t('vendor.dashboard.cancel')}
        onConfirm={() => {
          if (blocking) void act(blocking.id, 'decline-and-block');
        }}
      />
    </DashboardSection>
  );
}

/** Everything the vendor needs to reach the customer and to go — tap to call or WhatsApp. */
function CustomerDetails({ booking: b }: { booking: VendorBooking }) {
  const { t } = useTranslation();
  const where =
    b.service_location === 'customer' && b.address
      ? t('vendor.dashboard.bookings.whereCustomer', { address: addressLine(b.address) })
      : b.service_location === 'vendor'
        ? t('vendor.dashboard.bookings.whereVendor')
        : b.service_location === 'online'
          ? t('vendor.dashboard.bookings.whereOnline')
          : null;
  return (
    <dl
      aria-label={t('vendor.dashboard.bookings.customerLabel', { code: b.code })}
      className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-stone-700"
    >
      {b.customer_phone ? (
        <>
          <dt className="text-stone-500">{t('vendor.dashboard.bookings.phone')}</dt>
          <dd className="flex flex-wrap gap-x-3">
            <PhoneContactLinks
              phone={b.customer_phone}
              callLabel={t('vendor.dashboard.bookings.call', { phone: b.customer_phone })}
              whatsappLabel={t('vendor.dashboard.bookings.whatsappLabel', { name: b.customer_name })}
              whatsappText={t('vendor.dashboard.bookings.whatsapp')}
            />
          </dd>
        </>
      ) : null}
      <dt className="text-stone-500">{t('vendor.dashboard.bookings.email')}</dt>
      <dd className="min-w-0 break-words">
        <EmailContactLink email={b.customer_email} />
      </dd>
      {where ? (
        <>
          <dt className="text-stone-500">{t('vendor.dashboard.bookings.where')}</dt>
          <dd className="min-w-0 break-words">{where}</dd>
        </>
      ) : null}
      {b.notes ? (
        <>
          <dt className="text-stone-500">{t('vendor.dashboard.bookings.notes')}</dt>
          <dd className="min-w-0 break-words">{b.notes}</dd>
        </>
      ) : null}
    </dl>
  );
}
