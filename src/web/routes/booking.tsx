import { clsx } from 'clsx';
import { CalendarPlus, CreditCard, Download, MessageSquareText, SearchX, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import type { ManagedBooking } from '../../shared/booking.schemas.ts';
import { activeAppointmentStatuses } from '../../shared/constants.ts';
import { utcStamp, zoneCity } from '../../shared/date-format.ts';
import { formatDuration, priceText } from '../../shared/money.ts';
import { DetailsCard, DetailsRow } from '../components/details-card.tsx';
import { NotFoundPanel } from '../components/not-found-panel.tsx';
import { RetryAlert } from '../components/retry-alert.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { buttonClassName } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useMeQuery } from '../features/auth/api/use-me.ts';
import { useManagedBooking } from '../features/bookings/api/use-managed-booking.ts';
import { useMyBookings } from '../features/bookings/api/use-my-bookings.ts';
import { nextText, timelineSteps } from '../features/bookings/booking-progress.ts';
import { inVendorZone } from '../features/bookings/booking-when.ts';
import { whereText } from '../features/bookings/booking-where.ts';
import { BookingCancellationTerms } from '../features/bookings/components/booking-cancellation-terms.tsx';
import { BookingChanges } from '../features/bookings/components/booking-changes.tsx';
import { BookingProposal, DeclineAnswer } from '../features/bookings/components/booking-proposal.tsx';
import { Timeline } from '../features/bookings/components/booking-timeline.tsx';
import { VendorWhatsAppLink } from '../features/bookings/components/vendor-whatsapp-link.tsx';
import { ApiError } from '../lib/api-client.ts';
import { paths } from '../lib/paths.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * The customer's booking page (/booking/:code?token=), in the visitor's language: what was
 * booked, where it stands, what happens next, and what can be done about it now. The token is the
 * key (the API never says whether a code exists); the code in the address is only for people.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('bookings.manage.title'));
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || undefined;
  const booking = useManagedBooking(token);
  // Without the link, a signed-in customer who owns the booking is taken to it.
  const { code = '' } = useParams();
  const me = useMeQuery();
  const mine = useMyBookings(!token && Boolean(me.data));
  const owned = token ? undefined : mine.data?.items.find((b) => b.code === code);
  const error = booking.error;
  const notFound = !token || (error instanceof ApiError && (error.status === 404 || error.status === 400));

  if (owned) return <Navigate to={owned.manage_path} replace />;
  if (!token && (me.isPending || (me.data && mine.isPending))) return <Loading />;
  if (notFound) return <NotFound />;
  if (error) {
    return (
      <div className="flex flex-col gap-4 py-4">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('bookings.manage.title')}</h1>
        <RetryAlert
          message={t('bookings.manage.loadError')}
          retryLabel={t('bookings.manage.retry')}
          onRetry={() => void booking.refetch()}
          className="rounded-2xl bg-white p-4 shadow-sm"
        />
      </div>
    );
  }
  if (!booking.data) return <Loading />;
  return <BookingView booking={booking.data} token={token} />;
}

function Loading() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4 py-4">
      <p role="status" className="sr-only">
        {t('bookings.manage.loading')}
      </p>
      <Skeleton className="h-8 w-3/4" />
      <Skeleton className="h-5 w-1/2" />
      <Skeleton className="h-40 rounded-2xl" />
      <Skeleton className="h-32 rounded-2xl" />
    </div>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <NotFoundPanel
      icon={SearchX}
      title={t('bookings.manage.notFoundTitle')}
      text={t('bookings.manage.notFoundText')}
    >
      <Link to={paths.home.to()} className={buttonClassName({ size: 'lg' })}>
        {t('bookings.manage.home')}
      </Link>
    </NotFoundPanel>
  );
}

/**
 * An action naming the vendor wraps on a narrow screen rather than overflow (a long business name):
 * its text may wrap (the span's `whitespace-normal`), and the button grows with it (as the WhatsApp
 * link does).
 */
const WRAPS = 'h-auto! min-h-11 py-2 text-center';

/** An event template in Google Calendar: the appointment, its title and a line about the booking. */
function googleCalendarUrl(booking: ManagedBooking, text: string, details: string): string {
  const dates = `${utcStamp(new Date(booking.start_time))}/${utcStamp(new Date(booking.end_time))}`;
  return (
    'https://calendar.google.com/calendar/render?action=TEMPLATE' +
    `&text=${encodeURIComponent(text)}&dates=${dates}&details=${encodeURIComponent(details)}`
  );
}

function BookingView({ booking, token }: { booking: ManagedBooking; token: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const when = (iso: string, dateStyle: 'full' | 'medium' = 'full') =>
    inVendorZone(locale, booking.timezone, { dateStyle, timeStyle: 'short' }).format(new Date(iso));
  // Declined, expired or cancelled: no longer one of the statuses that hold a slot.
  // Ended: it no longer holds its time, or it took place — nothing left to add to a calendar or change.
  const ended =
    booking.took_place ||
    booking.outcome !== null ||
    !(activeAppointmentStatuses as readonly string[]).includes(booking.status);
  const minutes = Math.round((Date.parse(booking.end_time) - Date.parse(booking.start_time)) / 60_000);
  const where = whereText(t, booking);
  const service = booking.service_name ?? t('bookings.manage.anyService');
  const vendor = booking.vendor.name;
  const good = booking.status === 'paid' || booking.status === 'confirmed';
  // Too late to change it online: the WhatsApp link moves to "Change or cancel", beside the rule.
  const whatsappInChanges = !ended && !booking.can_cancel;

  return (
    <div className="flex flex-col gap-5 py-4">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl leading-tight font-bold tracking-tight break-words text-stone-900">
          {service}{' '}
          <span className="block text-base font-medium text-stone-700">
            {t('bookings.manage.with')}{' '}
            <Link
              to={paths.publicVendor.to(booking.vendor.slug)}
              className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
            >
              {vendor}
            </Link>
          </span>
        </h1>
        <p>
          <Badge tone={good ? 'brand' : 'neutral'} data-testid="booking-status">
            <span className="sr-only">{t('bookings.manage.status')}: </span>
            {t(`bookings.manage.statuses.${booking.status}`)}
          </Badge>
        </p>
      </div>

      {/* The vendor's other time waits for the customer's answer: first on the page. */}
      {!ended && booking.proposal ? (
        <BookingProposal
          booking={{ ...booking, proposal: booking.proposal }}
          token={token}
          when={(iso) => when(iso)}
        />
      ) : null}
      {booking.status === 'declined' ? <DeclineAnswer booking={booking} when={(iso) => when(iso)} /> : null}
      {/* What the customer came to do, on the first screen at 390 px rather than below the details. */}
      {!ended && booking.status === 'awaiting_payment' && booking.payment_url ? (
        <a
          href={booking.payment_url}
          rel="noreferrer"
          className={buttonClassName({ variant: 'primary', size: 'lg' })}
        >
          <CreditCard aria-hidden="true" className="size-5" />
          {t('bookings.manage.pay')}
        </a>
      ) : null}
      {/* Once it took place: the review the customer can give, or the one they gave. */}
      {booking.review_path ? (
        <Link
          to={booking.review_path}
          className={buttonClassName({ variant: booking.can_review ? 'primary' : 'secondary', size: 'lg' })}
        >
          {booking.can_review ? (
            <Star aria-hidden="true" className="size-5" />
          ) : (
            <MessageSquareText aria-hidden="true" className="size-5" />
          )}
          {booking.can_review ? t('bookings.manage.leaveReview') : t('bookings.manage.seeReview')}
        </Link>
      ) : null}

      <DetailsCard id="booking-details-title" title={t('bookings.manage.detailsLabel')} showTitle={false}>
        <DetailsRow label={t('bookings.manage.when')}>
          <time dateTime={booking.start_time} data-testid="booking-when">
            {when(booking.start_time)}
          </time>
          <span className="block text-xs text-stone-600">
            {t('bookings.form.timesIn', { zone: zoneCity(booking.timezone, i18n.language) })}
          </span>
        </DetailsRow>
        {minutes > 0 ? (
          <DetailsRow label={t('bookings.manage.duration')}>{formatDuration(minutes)}</DetailsRow>
        ) : null}
        <DetailsRow label={t('bookings.manage.amount')}>
          <span data-testid="booking-amount">{priceText(booking.amount_mxn, i18n.language)}</span>
        </DetailsRow>
        {where ? <DetailsRow label={t('bookings.where.label')}>{where}</DetailsRow> : null}
        <DetailsRow label={t('cancellationPolicy.title')}>
          <BookingCancellationTerms
            policy={booking.cancellation_policy}
            start={booking.start_time}
            when={(iso) => when(iso, 'medium')}
          />
        </DetailsRow>
        <DetailsRow label={t('bookings.manage.code')}>
          <span className="font-mono font-semibold tracking-widest">{booking.code}</span>
        </DetailsRow>
      </DetailsCard>

      <section aria-labelledby="booking-timeline-title" className="flex flex-col gap-3">
        <h2 id="booking-timeline-title" className="text-lg font-semibold text-stone-900">
          {t('bookings.manage.timeline.title')}
        </h2>
        <Timeline
          steps={timelineSteps(booking, t, (iso) => when(iso, 'medium'))}
          when={(iso) => when(iso, 'medium')}
        />
      </section>

      <section aria-labelledby="booking-next-title" className="flex flex-col gap-3">
        <h2 id="booking-next-title" className="text-lg font-semibold text-stone-900">
          {t('bookings.manage.next.title')}
        </h2>
        <p className="text-stone-700">{nextText(booking, t, when)}</p>
        <div className="flex flex-col gap-2">
          {ended ? null : (
            <>
              <a
                href={booking.calendar_url}
                download
                className={buttonClassName({ variant: 'secondary', size: 'md' })}
              >
                <Download aria-hidden="true" className="size-4" />
                {t('bookings.manage.calendarIcs')}
              </a>
              <a
                href={googleCalendarUrl(
                  booking,
                  `${service} · ${vendor}`,
                  t('bookings.manage.calendarDetails', { code: booking.code, vendor }),
                )}
                rel="noreferrer"
                className={buttonClassName({ variant: 'secondary', size: 'md' })}
              >
                <CalendarPlus aria-hidden="true" className="size-4" />
                {t('bookings.manage.calendarGoogle')}
              </a>
            </>
          )}
          {booking.vendor.whatsapp && !whatsappInChanges ? (
            <VendorWhatsAppLink vendor={vendor} whatsapp={booking.vendor.whatsapp} />
          ) : null}
          {ended ? (
            <Link
              to={paths.publicVendor.to(booking.vendor.slug, 'services')}
              className={clsx(buttonClassName({ variant: 'soft', size: 'md' }), WRAPS)}
            >
              <span className="min-w-0 break-words whitespace-normal">
                {t('bookings.manage.next.bookAgain', { vendor })}
              </span>
            </Link>
          ) : null}
        </div>
      </section>

      {ended ? null : <BookingChanges booking={booking} token={token} when={(iso) => when(iso)} />}
    </div>
  );
}
