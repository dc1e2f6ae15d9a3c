import type { TFunction } from 'i18next';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type {
  BookingAction,
  BookingDecisionResponse,
  BookingSummary,
  ClosedBookingByToken,
} from '../../shared/booking.schemas.ts';
import { dateTimeFormat } from '../../shared/date-format.ts';
import type { Language } from '../../shared/language.ts';
import { priceText } from '../../shared/money.ts';
import { Button } from '../components/ui/button.tsx';
import { useBookingByToken, useDecideBooking } from '../features/bookings/api/use-booking-confirmation.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { ApiError } from '../lib/api-client.ts';
import { errorText } from '../lib/error-text.ts';
import { toast } from '../lib/toast.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

const isAction = (value: string | null): value is BookingAction => value === 'confirm' || value === 'decline';

/**
 * Vendor confirm page (/vendor-confirm, product §2, in the visitor's language): without a token, "Invalid token";
 * otherwise the booking with Confirmar / Rechazar, the link's `action` first. Nothing is answered
 * until the vendor taps (decision 053: mail scanners open links and run their pages). States idle →
 * processing → done, and done only when the call succeeds (product §4).
 */
export function Component() {
  const { t } = useTranslation();
  const language = currentLanguage();
  useDocumentTitle(t('bookings.confirmPage.title'));
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || undefined;
  const action = params.get('action');
  // The mail's button the vendor pressed: its answer comes first on the page, and waits for a tap.
  const chosen = isAction(action) ? action : undefined;
  const summary = useBookingByToken(token);
  const decide = useDecideBooking();
  const [state, setState] = useState<'idle' | 'processing' | 'done'>('idle');
  const [result, setResult] = useState<BookingDecisionResponse | null>(null);

  const [tapped, setTapped] = useState<BookingAction | null>(null);

  const run = (chosen: BookingAction) => {
    if (!token || state === 'processing') return;
    setTapped(chosen);
    setState('processing');
    decide.mutate(
      { token, action: chosen },
      {
        onSuccess: (answer) => {
          setResult(answer);
          setState('done');
          toast.success(
            chosen === 'confirm' ? t('bookings.confirmPage.confirmed') : t('bookings.confirmPage.declined'),
          );
        },
        onError: (err) => {
          setState('idle');
          toast.error(t('bookings.confirmPage.error'), { description: failureText(err) });
          // Answered or expired meanwhile (another tab, WhatsApp): the page then says so, without buttons.
          if (err instanceof ApiError && (err.status === 409 || err.status === 410)) void summary.refetch();
        },
      },
    );
  };

  // The page says the two refusals it knows in its words; another by its reason or code.
  const failureText = (err: Error) => {
    if (!(err instanceof ApiError) || err.status === 0) return undefined;
    if (err.status === 409) return t('bookings.confirmPage.processedText');
    if (err.status === 410) return t('bookings.confirmPage.expiredText');
    return errorText(err, language);
  };

  // A token the server refuses to read (400: malformed) or does not know (404) is the spec's
  // "Token Inválido", in its words rather than the validator's.
  const invalid =
    !token ||
    (summary.error instanceof ApiError &&
      (summary.error.status === 400 || summary.error.status === 404) &&
      state !== 'done');
  useEffect(() => {
    if (invalid) toast.error(t('bookings.confirmPage.invalidText'), { id: 'vendor-confirm-invalid' });
  }, [invalid, t]);

  return (
    <div className="flex flex-col gap-4 py-4">
      {invalid ? (
        <section className="flex flex-col items-center gap-3 rounded-2xl border border-stone-200 bg-white px-6 py-10 text-center">
          <XCircle aria-hidden="true" className="size-10 text-red-700" />
          <h1 className="text-2xl font-bold text-stone-900">{t('bookings.confirmPage.invalidTitle')}</h1>
          <p className="text-stone-700">{t('bookings.confirmPage.invalidText')}</p>
        </section>
      ) : (
        <>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">
            {t('bookings.confirmPage.title')}
          </h1>
          {summary.data?.answerable ? (
            <SummaryCard booking={summary.data} />
          ) : summary.data ? (
            <ClosedCard booking={summary.data} answeredHere={state === 'done'} />
          ) : summary.isPending ? (
            <p role="status" className="text-stone-600">
              {t('bookings.confirmPage.loading')}
            </p>
          ) : null}
          {state === 'done' && result ? (
            <section
              role="status"
              className="flex flex-col items-center gap-2 rounded-2xl border border-brand-200 bg-white px-6 py-6 text-center"
            >
              <CheckCircle2 aria-hidden="true" className="size-10 text-brand-700" />
              <h2 className="text-xl font-bold text-stone-900">
                {result.status === 'declined'
                  ? t('bookings.confirmPage.declined')
                  : t('bookings.confirmPage.confirmed')}
              </h2>
              <p className="text-stone-700">
                {result.status === 'declined'
                  ? t('bookings.confirmPage.doneDeclinedText')
                  : result.status === 'confirmed'
                    ? t('bookings.confirmPage.doneFreeText')
                    : t('bookings.confirmPage.doneConfirmedText')}
              </p>
              <p data-testid="booking-status" className="text-sm font-semibold text-stone-900">
                {t('bookings.confirmPage.status')}: {t(`bookings.confirmPage.statuses.${result.status}`)}
              </p>
            </section>
          ) : !summary.data?.answerable ? null : (
            <section className="flex flex-col gap-3">
              {chosen ? <p className="text-sm text-stone-700">{t('bookings.confirmPage.tapNote')}</p> : null}
              <p className="text-sm text-stone-700">{t('bookings.confirmPage.paymentNote')}</p>
              {(chosen === 'decline'
                ? (['decline', 'confirm'] as const)
                : (['confirm', 'decline'] as const)
              ).map((answer, index) => (
                <Button
                  key={answer}
                  size="lg"
                  variant={index === 0 ? 'primary' : 'secondary'}
                  disabled={state === 'processing'}
                  onClick={() => run(answer)}
                >
                  {state === 'processing' && tapped === answer
                    ? t('bookings.confirmPage.processing')
                    : t(`bookings.confirmPage.${answer}`)}
                </Button>
              ))}
            </section>
          )}
        </>
      )}
    </div>
  );
}

/**
 * A link already used or expired: the server tells the code, the status and when it got there, never
 * who booked. The page says what happened and when, in the vendor's timezone,
 * unless the vendor has just answered it here.
 */
function ClosedCard({ booking, answeredHere }: { booking: ClosedBookingByToken; answeredHere: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 text-sm">
      {answeredHere ? null : (
        <p data-testid="closed-text" className="font-semibold text-stone-900">
          {closedText(booking, t)}
        </p>
      )}
      <Rows
        rows={[
          [t('bookings.confirmPage.code'), booking.code],
          [t('bookings.confirmPage.status'), t(`bookings.confirmPage.statuses.${booking.status}`)],
        ]}
      />
    </section>
  );
}

/** What happened to a booking whose link is closed, and when; the generic sentence when the server knows no time. */
function closedText(booking: ClosedBookingByToken, t: TFunction): string {
  const at = (iso: string | null) => (iso ? closedWhen(iso, booking.timezone, currentLanguage()) : null);
  const answered = at(booking.answered_at);
  const ended = at(booking.ended_at);
  const key = 'bookings.confirmPage.closed';
  switch (booking.status) {
    case 'awaiting_payment':
    case 'confirmed':
    case 'paid':
      if (answered) return t(`${key}.confirmed`, { when: answered });
      break;
    case 'declined':
      if (answered) return t(`${key}.declined`, { when: answered });
      break;
    case 'expired':
      return ended ? t(`${key}.expired`, { when: ended }) : t('bookings.confirmPage.expiredText');
    case 'cancelled':
      if (ended && booking.cancel_reason === 'customer')
        return t(`${key}.cancelledByCustomer`, { when: ended });
      if (ended && booking.cancel_reason === 'vendor') return t(`${key}.cancelledByVendor`, { when: ended });
      if (ended && answered) return t(`${key}.cancelledUnpaid`, { answered, when: ended });
      if (ended) return t(`${key}.cancelled`, { when: ended });
      break;
  }
  return t('bookings.confirmPage.processedText');
}

/**
 * "25 de noviembre a las 11:30" / "November 25 at 11:30" in the vendor's timezone: a 24-hour clock,
 * so that a sentence may end with it without Intl's "a.m." meeting the sentence's own period.
 */
function closedWhen(iso: string, timeZone: string, language: Language): string {
  return dateTimeFormat(language, {
    timeZone,
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

function SummaryCard({ booking }: { booking: BookingSummary }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const when = dateTimeFormat(language, {
    timeZone: booking.timezone,
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(new Date(booking.start_time));
  const rows: [string, string][] = [
    [t('bookings.confirmPage.code'), booking.code],
    [t('bookings.confirmPage.service'), `${booking.service_name ?? '—'} · ${booking.vendor_name}`],
    [t('bookings.confirmPage.when'), when],
    [t('bookings.confirmPage.customer'), booking.customer_name],
    [t('bookings.confirmPage.amount'), priceText(booking.amount_mxn, language)],
    [t('bookings.confirmPage.status'), t(`bookings.confirmPage.statuses.${booking.status}`)],
  ];
  return <Rows rows={rows} className="rounded-2xl border border-stone-200 bg-white p-4 text-sm" />;
}

function Rows({ rows, className = '' }: { rows: [string, string][]; className?: string }) {
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 ${className}`}>
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-stone-600">{label}</dt>
          <dd className="text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
