import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ManagedBooking } from '../../../../shared/booking.schemas.ts';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorTextNow } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toast.ts';
import { changeRefusal, useAnswerProposal } from '../api/use-booking-changes.ts';

// The booking page's answers to the vendor (decision 096): the other time the vendor proposed, with
// "Accept the new time" and "Keep my time"; and, on a declined request, the vendor's reason and the
// time offered instead, with the booking form for it.

type When = (iso: string) => string;

/** The vendor's open proposal, first on the page: the customer's answer moves the booking or not. */
export function BookingProposal({
  booking,
  token,
  when,
}: {
  booking: ManagedBooking & { proposal: NonNullable<ManagedBooking['proposal']> };
  token: string;
  when: When;
}) {
  const { t } = useTranslation();
  const answer = useAnswerProposal(token);
  const vendor = booking.vendor.name;
  const proposed = booking.proposal.start_time;

  // Awaited rather than the mutation's own callbacks: the answer takes this card off the page, and
  // an unmounted component's callbacks never run.
  const send = async (accept: boolean) => {
    try {
      const answered = await answer.mutateAsync({ accept, proposedStartTime: proposed });
      toast.success(
        accept
          ? t('bookings.manage.proposal.accepted', { when: when(answered.start_time), vendor })
          : t('bookings.manage.proposal.kept', { vendor }),
      );
    } catch (err) {
      const refusal = changeRefusal(err);
      if (refusal === 'changed') toast.error(t('bookings.manage.proposal.gone'));
      else if (refusal === 'slot_taken') toast.error(t('bookings.manage.proposal.slotTaken'));
      else
        toast.error(t('bookings.manage.proposal.failed'), {
          description: err instanceof ApiError && err.status !== 0 ? errorTextNow(err) : undefined,
        });
    }
  };

  return (
    <section
      aria-labelledby="booking-proposal-title"
      className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="booking-proposal-title" className="text-lg font-semibold text-stone-900">
        {t('bookings.manage.proposal.title', { vendor })}
      </h2>
      <p className="text-stone-900">
        <span className="block text-sm font-medium text-stone-700">
          {t('bookings.manage.proposal.proposed')}
        </span>
        <time dateTime={proposed} className="font-semibold" data-testid="proposal-when">
          {when(proposed)}
        </time>
      </p>
      <p className="text-sm text-stone-700">
        {t('bookings.manage.proposal.current', { when: when(booking.start_time) })}
      </p>
      <div className="flex flex-col gap-2">
        <Button size="lg" disabled={answer.isPending} onClick={() => void send(true)}>
          {answer.isPending && answer.variables?.accept
            ? t('bookings.manage.proposal.accepting')
            : t('bookings.manage.proposal.accept')}
        </Button>
        <Button variant="secondary" size="md" disabled={answer.isPending} onClick={() => void send(false)}>
          {answer.isPending && answer.variables?.accept === false
            ? t('bookings.manage.proposal.keeping')
            : t('bookings.manage.proposal.keep')}
        </Button>
      </div>
    </section>
  );
}

/** A declined request: the vendor's reason, and the time offered with the booking form for it. */
export function DeclineAnswer({ booking, when }: { booking: ManagedBooking; when: When }) {
  const { t } = useTranslation();
  const vendor = booking.vendor.name;
  if (!booking.decline_note && !booking.offered) return null;
  return (
    <section aria-labelledby="booking-declined-title" className="flex flex-col gap-3">
      <h2 id="booking-declined-title" className="text-lg font-semibold text-stone-900">
        {t('bookings.manage.declined.title', { vendor })}
      </h2>
      {booking.decline_note ? (
        <p className="break-words text-stone-700">
          {t('bookings.manage.declined.reason', { note: booking.decline_note })}
        </p>
      ) : null}
      {booking.offered ? (
        <>
          <p className="text-stone-900" data-testid="offered-when">
            {t('bookings.manage.declined.offered', { vendor, when: when(booking.offered.start_time) })}
          </p>
          <Link
            to={booking.offered.book_path}
            className={buttonClassName({ variant: 'primary', size: 'lg' })}
          >
            {t('bookings.manage.declined.book')}
          </Link>
        </>
      ) : null}
    </section>
  );
}
