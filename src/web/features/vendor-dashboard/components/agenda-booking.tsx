import { useTranslation } from 'react-i18next';
import type { VendorBooking } from '../../../../shared/booking.schemas.ts';
import { dateTimeFormat } from '../../../../shared/date-format.ts';
import { priceText } from '../../../../shared/money.ts';
import { addressLine } from '../../../../shared/service-location.ts';
import { EmailContactLink, PhoneContactLinks } from '../../../components/customer-contact-links.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { VendorBookingActions } from './vendor-booking-actions.tsx';

// One booking of the agenda (decision 093): when, what, for whom, how to reach them and where to
// go; a request also its deadline and the vendor's three answers.

export type RequestAnswer = 'confirm' | 'decline' | 'block';

export function AgendaBooking({
  booking: b,
  timeOnly = false,
  anchor = false,
  answering,
  onAnswer,
}: {
  booking: VendorBooking;
  /** In the day view the day is the heading: each booking says its hours alone. */
  timeOnly?: boolean;
  /** The target of the links that name this booking (`#booking-{id}`, from time off). */
  anchor?: boolean;
  /** An answer is on its way: the buttons wait. */
  answering: boolean;
  onAnswer: (booking: VendorBooking, answer: RequestAnswer) => void;
}) {
  const { t, i18n } = useTranslation();
  const format = (options: Intl.DateTimeFormatOptions) =>
    dateTimeFormat(i18n.language, { ...options, timeZone: b.timezone });
  const when = timeOnly
    ? format({ timeStyle: 'short' }).formatRange(new Date(b.start_time), new Date(b.end_time))
    : format({ weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(
        new Date(b.start_time),
      );
  const pending = b.status === 'pending_vendor';
  return (
    <article
      id={anchor ? `booking-${b.id}` : undefined}
      aria-label={t('agenda.booking', { code: b.code })}
      className="flex scroll-mt-4 flex-col gap-2 py-3"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-stone-900">{when}</p>
          <p className="font-medium text-stone-900">
            {b.service_name ?? '—'} · {b.customer_name}
          </p>
          <p className="text-sm text-stone-700">
            {priceText(b.amount_mxn, i18n.language)} · {b.code}
          </p>
        </div>
        <Badge tone={pending ? 'brand' : 'neutral'} className="shrink-0 whitespace-nowrap">
          {t(`vendor.dashboard.bookings.status.${b.status}`)}
        </Badge>
      </div>
      {pending && b.answer_due_at ? (
        <p className="text-sm font-medium text-amber-900">
          {t('agenda.answerBy', {
            due: format({
              weekday: 'short',
              day: 'numeric',
              month: 'short',
              hour: 'numeric',
              minute: '2-digit',
            }).format(new Date(b.answer_due_at)),
          })}
        </p>
      ) : null}
      <CustomerDetails booking={b} />
      {pending ? (
        // Three answers do not fit one line at 390 px: they wrap rather than scroll sideways.
        <div className="flex flex-wrap gap-2">
          {(['confirm', 'decline', 'block'] as const).map((answer) => (
            <Button
              key={answer}
              size="sm"
              {...(answer === 'confirm' ? {} : { variant: 'secondary' as const })}
              aria-label={t(`vendor.dashboard.bookings.${answer}Label`, { code: b.code })}
              disabled={answering}
              onClick={() => onAnswer(b, answer)}
            >
              {t(`vendor.dashboard.bookings.${answer}`)}
            </Button>
          ))}
        </div>
      ) : null}
      {/* A confirmed or paid booking: cancel it with a reason, or after its start, say how it went. */}
      <VendorBookingActions booking={b} />
    </article>
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
      className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm text-stone-700"
    >
      {b.customer_phone ? (
        <>
          <dt className="text-stone-600">{t('vendor.dashboard.bookings.phone')}</dt>
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
      <dt className="text-stone-600">{t('vendor.dashboard.bookings.email')}</dt>
      <dd className="min-w-0 break-words">
        <EmailContactLink email={b.customer_email} />
      </dd>
      {where ? (
        <>
          <dt className="text-stone-600">{t('vendor.dashboard.bookings.where')}</dt>
          <dd className="min-w-0 break-words">{where}</dd>
        </>
      ) : null}
      {b.notes ? (
        <>
          <dt className="text-stone-600">{t('vendor.dashboard.bookings.notes')}</dt>
          <dd className="min-w-0 break-words">{b.notes}</dd>
        </>
      ) : null}
    </dl>
  );
}
