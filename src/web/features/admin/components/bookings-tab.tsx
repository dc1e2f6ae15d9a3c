import { Download, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  type AdminBookingItem,
  type AdminBookingsFilter,
  type BookingStatusFilter,
  bookingStatusFilters,
} from '../../../../shared/admin-bookings.schemas.ts';
import { appointmentStatuses, SEARCH_DEBOUNCE_MS } from '../../../../shared/constants.ts';
import { dateTimeFormat } from '../../../../shared/date-format.ts';
import { formatMxn } from '../../../../shared/money.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { adminFetchFailed } from '../admin-error-toast.ts';
import { bookingsCsvHref, useAdminBookings } from '../api/use-admin-bookings.ts';
import { BookingDetailDialog } from './booking-detail-dialog.tsx';
import { Select } from './form-field.tsx';
import { ListPlaceholder, LoadMore, ShowingCount, useAdminPageLimit } from './paged-cards.tsx';
import { SearchBox } from './search-box.tsx';

/** `value` when it is one of `choices` (an address typed by hand may hold anything). */
function oneOf<T extends string>(choices: readonly T[], value: string | null): T | undefined {
  return choices.find((choice) => choice === value);
}

/**
 * A day picked in a date field, as the instant its day starts where the admin is (`after`: the day
 * after it): the list shows the bookings starting from the first day to the last, both included.
 */
function dayStart(day: string, after = 0): string | undefined {
  if (!day) return undefined;
  const start = new Date(`${day}T00:00`);
  start.setDate(start.getDate() + after);
  return Number.isNaN(start.getTime()) ? undefined : start.toISOString();
}

/**
 * The Bookings tab (decision 049; product §2 Admin): every booking, newest first; search by
 * code or email, filters by status, refund, vendor and start day; Load more; the CSV export of the same
 * filters; each row opens the booking's detail with its actions.
 */
export function BookingsTab() {
  const { t } = useTranslation();
  // The filters live in the address: a summary card links to a filtered list, and a
  // filtered list can be reloaded or shared.
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const status = oneOf(bookingStatusFilters, params.get('status')) ?? '';
  const refund = oneOf(['owed', 'refunded'] as const, params.get('refund')) ?? '';
  const fromDay = params.get('from') ?? '';
  const toDay = params.get('to') ?? '';
  const vendorId = params.get('vendor');
  const vendor = vendorId ? { id: vendorId, name: params.get('vendor_name') ?? '' } : null;
  const [limit, more, firstPage] = useAdminPageLimit();
  const setParam = (changes: Record<string, string | null | undefined>) =>
    setParams(
      (before) => {
        const next = new URLSearchParams(before);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  const setStatus = (value: BookingStatusFilter | '') => setParam({ status: value });
  const setRefund = (value: '' | 'owed' | 'refunded') => setParam({ refund: value });
  const setFromDay = (value: string) => setParam({ from: value });
  const setToDay = (value: string) => setParam({ to: value });
  const setVendor = (value: { id: string; name: string } | null) =>
    setParam({ vendor: value?.id, vendor_name: value?.name });
  // The search is kept in the address once typing pauses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: written when the settled text changes, not on every address change
  useEffect(() => {
    if ((params.get('q') ?? '') !== q) setParam({ q });
  }, [q]);
  const [openId, setOpenId] = useState<string | null>(null);
  const ids = { status: useId(), refund: useId(), from: useId(), to: useId() };

  const filters: AdminBookingsFilter = {
    q: q || undefined,
    status: status || undefined,
    refund: refund || undefined,
    vendor_profile_id: vendor?.id,
    from: dayStart(fromDay),
    to: dayStart(toDay, 1),
  };
  const list = useAdminBookings(filters, limit);
  useErrorToast('admin-bookings', list, adminFetchFailed(t));
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  /** A filter changed: back to the first page. */
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      firstPage();
    };

  return (
    <div className="flex flex-col gap-4">
      <SearchBox
        label={t('admin.common.search')}
        placeholder={t('admin.bookings.searchPlaceholder')}
        value={search}
        onChange={refilter(setSearch)}
      />
      <fieldset className="grid grid-cols-2 gap-3">
        <legend className="sr-only">{t('admin.bookings.filtersLabel')}</legend>
        <FilterField id={ids.status} label={t('admin.bookings.status')}>
          <Select
            id={ids.status}
            value={status}
            onChange={(e) => refilter(setStatus)(e.target.value as BookingStatusFilter | '')}
          >
            <option value="">{t('admin.bookings.anyStatus')}</option>
            <option value="scheduled">{t('admin.bookings.scheduled')}</option>
            {appointmentStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`jobs.statuses.${s}`)}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField id={ids.refund} label={t('admin.bookings.refund')}>
          <Select
            id={ids.refund}
            value={refund}
            onChange={(e) => refilter(setRefund)(e.target.value as '' | 'owed' | 'refunded')}
          >
            <option value="">{t('admin.bookings.anyRefund')}</option>
            <option value="owed">{t('admin.bookings.refundStates.owed')}</option>
            <option value="refunded">{t('admin.bookings.refundStates.refunded')}</option>
          </Select>
        </FilterField>
        <DayFilter
          id={ids.from}
          label={t('admin.bookings.from')}
          value={fromDay}
          onChange={refilter(setFromDay)}
        />
        <DayFilter id={ids.to} label={t('admin.bookings.to')} value={toDay} onChange={refilter(setToDay)} />
      </fieldset>
      {vendor ? (
        <div className="flex items-center gap-2">
          <Badge tone="brand">{t('admin.bookings.vendorFilter', { name: vendor.name })}</Badge>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('admin.bookings.clearVendor')}
            onClick={() => refilter(setVendor)(null)}
          >
            <X aria-hidden className="size-5" />
          </Button>
        </div>
      ) : null}
      <div className="flex items-center justify-between gap-2">
        <ShowingCount query={list} />
        <a
          href={bookingsCsvHref(filters)}
          download
          className={buttonClassName({ variant: 'secondary' })}
          aria-label={t('admin.bookings.exportLabel', { total })}
        >
          <Download aria-hidden className="size-4" />
          {t('admin.bookings.exportCsv')}
        </a>
      </div>
      <ListPlaceholder query={list} skeletonClassName="h-28 rounded-2xl" />
      <ul className="flex flex-col gap-2">
        {items.map((booking) => (
          <BookingRow
            key={booking.id}
            booking={booking}
            onOpen={() => setOpenId(booking.id)}
            onVendor={() => refilter(setVendor)(booking.vendor)}
          />
        ))}
      </ul>
      <LoadMore query={list} onLoadMore={more} busy={list.isFetching} />
      <BookingDetailDialog id={openId} onOpenChange={(open) => !open && setOpenId(null)} />
    </div>
  );
}

/** A filter's field, its label above it. */
function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
    </div>
  );
}

/** The first or the last day of the bookings' start (an empty field: no bound). */
function DayFilter({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (day: string) => void;
}) {
  return (
    <FilterField id={id} label={label}>
      <Input id={id} type="date" value={value} onChange={(e) => onChange(e.target.value)} className="px-3" />
    </FilterField>
  );
}

function BookingRow({
  booking: b,
  onOpen,
  onVendor,
}: {
  booking: AdminBookingItem;
  onOpen: () => void;
  onVendor: () => void;
}) {
  const { t, i18n } = useTranslation();
  const when = dateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: b.timezone,
  }).format(new Date(b.start_time));
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-3 shadow-xs">
      <div className="flex items-start justify-between gap-2">
        <button
          type="button"
          onClick={onOpen}
          aria-label={t('admin.bookings.openLabel', { code: b.code })}
          className="min-w-0 flex-1 text-left"
        >
          <span className="block font-mono text-base font-semibold tracking-wide text-stone-900 underline underline-offset-2">
            {b.code}
          </span>
          <span className="block text-sm text-stone-700">
            {when} · {formatMxn(b.amount_mxn)}
          </span>
          <span className="block truncate text-sm text-stone-700">
            {b.service_name ?? '—'} · {b.customer_name}
          </span>
          <span className="block truncate text-sm text-stone-700">{b.customer_email}</span>
        </button>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <Badge tone={b.status === 'paid' || b.status === 'confirmed' ? 'brand' : 'neutral'}>
            {t(`jobs.statuses.${b.status}`)}
          </Badge>
          {b.refund_state !== 'none' ? (
            <Badge>{t(`admin.bookings.refundStates.${b.refund_state}`)}</Badge>
          ) : null}
        </div>
      </div>
      <button
        type="button"
        onClick={onVendor}
        aria-label={t('admin.bookings.onlyVendorLabel', { name: b.vendor.name })}
        className="min-h-11 self-start text-left text-sm font-medium text-brand-800 underline underline-offset-2"
      >
        {b.vendor.name}
      </button>
    </li>
  );
}
