import { clsx } from 'clsx';
import { CalendarCheck } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateBookingResponse } from '../../../../shared/booking.schemas.ts';
import { type CountryCode, countries, defaultCountry } from '../../../../shared/countries.ts';
import { formatPrice } from '../../../../shared/money.ts';
import type { PublicServiceDetail } from '../../../../shared/vendor.schemas.ts';
import { PhoneField } from '../../../components/phone-field.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { useAvailability } from '../api/use-availability.ts';
import { useCreateBooking } from '../api/use-create-booking.ts';
import { demoServiceList, demoSlots, groupSlotsByDay, isDemoId, withDialCode } from '../booking-slots.ts';
import { BookingConfirmation } from './booking-confirmation.tsx';

export interface BookingFormProps {
  vendor: { id: string; slug: string; timezone: string };
  services: PublicServiceDetail[];
  /** product §4: when the services cannot be loaded, demo services stand in, clearly labelled. */
  servicesFailed?: boolean;
}

/**
 * The booking form on the services tab (product §2, §4, §5, §8): service, day, time (in the vendor's
 * timezone), name, email, optional phone, notes. When the vendor's services or slots cannot be
 * loaded it shows labelled examples, which are never sent (ARCHITECTURE §12: examples never pass for
 * real data).
 */
export function BookingForm({ vendor, services: realServices, servicesFailed = false }: BookingFormProps) {
  const { t, i18n } = useTranslation();
  const { user, profile } = useAuth();
  const formId = useId();
  const services = useMemo(
    () => (servicesFailed ? demoServiceList((key) => t(`bookings.demo.${key}`)) : realServices),
    [servicesFailed, realServices, t],
  );

  const [serviceId, setServiceId] = useState('');
  const [dayKey, setDayKey] = useState('');
  const [slot, setSlot] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [country, setCountry] = useState<CountryCode>(defaultCountry.code);
  const [national, setNational] = useState('');
  const [notes, setNotes] = useState('');
  const [done, setDone] = useState<{ booking: CreateBookingResponse; email: string } | null>(null);

  // Signed-in users get their name and email filled in (once, never over what they typed).
  const prefilled = useRef(false);
  useEffect(() => {
    if (!user || prefilled.current) return;
    prefilled.current = true;
    setName((current) => current || profile?.display_name || user.name || '');
    setEmail((current) => current || user.email);
  }, [user, profile]);

  const demoService = isDemoId(serviceId);
  const availability = useAvailability(vendor.slug, serviceId && !demoService ? serviceId : undefined);
  const slotsAreDemo = Boolean(serviceId) && (demoService || availability.isError);
  const timezone = availability.data?.timezone ?? vendor.timezone;
  const slots = useMemo(() => {
    if (!serviceId) return [];
    if (slotsAreDemo) return demoSlots(new Date(), timezone);
    return availability.data?.slots ?? [];
  }, [serviceId, slotsAreDemo, availability.data, timezone]);
  const days = useMemo(
    () => groupSlotsByDay(slots, timezone, i18n.language),
    [slots, timezone, i18n.language],
  );
  const loadingSlots = Boolean(serviceId) && !slotsAreDemo && availability.isPending;
  const noSlots = Boolean(serviceId) && !loadingSlots && !slotsAreDemo && slots.length === 0;
  const day = days.find((d) => d.key === dayKey) ?? days[0];

  // product §8: the info toasts of the fallbacks, and the empty-slots message.
  useEffect(() => {
    if (servicesFailed) toast.info(t('bookings.form.demoServicesToast'), { id: 'booking-demo-services' });
  }, [servicesFailed, t]);
  useEffect(() => {
    if (availability.isError && availability.errorUpdatedAt)
      toast.info(t('bookings.form.demoSlotsToast'), {
        id: `booking-demo-slots-${availability.errorUpdatedAt}`,
      });
  }, [availability.isError, availability.errorUpdatedAt, t]);
  useEffect(() => {
    if (noSlots) toast.info(t('bookings.form.noSlots'), { id: `booking-no-slots-${serviceId}` });
  }, [noSlots, serviceId, t]);

  const create = useCreateBooking();

  if (done) {
    return (
      <BookingConfirmation
        booking={done.booking}
        email={done.email}
        onAnother={() => {
          setDone(null);
          setSlot('');
        }}
      />
    );
  }

  // Issue 28: the request caps and a vendor's block have their own wording; other refusals are the
  // server's message.
  const failureText = (err: Error) => {
    if (!(err instanceof ApiError) || err.status === 0) return t('bookings.form.failedText');
    const limit = (err.details as { limit?: unknown } | undefined)?.limit;
    if (err.code === 'rate_limited' && limit === 'open_requests') return t('bookings.form.tooManyPending');
    if (err.code === 'forbidden') return t('bookings.form.notAccepted');
    return err.message;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // product §5: service, time, name and email are required, checked at submit.
    if (!serviceId || !slot || !name.trim() || !email.trim()) {
      toast.error(t('bookings.form.missingTitle'), { description: t('bookings.form.missingText') });
      return;
    }
    if (demoService || slotsAreDemo) {
      toast.error(t('bookings.form.demoRefusedTitle'), { description: t('bookings.form.demoRefusedText') });
      return;
    }
    const dial = countries.find((c) => c.code === country)?.dial ?? defaultCountry.dial;
    const customerEmail = email.trim();
    create.mutate(
      {
        vendorId: vendor.id,
        serviceId,
        startTime: slot,
        customerName: name.trim(),
        customerEmail,
        customerPhone: withDialCode(national, dial),
        notes: notes.trim() || undefined,
      },
      {
        onSuccess: (booking) => setDone({ booking, email: customerEmail }),
        onError: (err) => {
          setSlot('');
          toast.error(t('bookings.form.failedTitle'), { description: failureText(err) });
        },
      },
    );
  };

  const field = (key: string) => `${formId}-${key}`;
  return (
    <section
      aria-labelledby={field('title')}
      // Below the first screen: the browser lays it out only when it comes near (decision 042).
      className="mt-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs [contain-intrinsic-size:auto_44rem] [content-visibility:auto]"
    >
      <h2 id={field('title')} className="flex items-center gap-2 text-lg font-semibold text-stone-900">
        <CalendarCheck aria-hidden="true" className="size-5 text-brand-700" />
        {t('bookings.form.title')}
      </h2>
      <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={field('service')} className="text-sm font-semibold text-stone-800">
            {t('bookings.form.service')}
          </label>
          <select
            id={field('service')}
            value={serviceId}
            onChange={(e) => {
              setServiceId(e.target.value);
              setDayKey('');
              setSlot('');
            }}
            className="h-12 w-full rounded-xl border border-stone-300 bg-white px-3 text-base text-stone-900 shadow-xs focus:border-brand-700 focus:outline-none focus-visible:outline-2"
          >
            <option value="">{t('bookings.form.servicePlaceholder')}</option>
            {services.map((s) => (
              <option key={s.id} value={s.id}>
                {`${s.name} · ${formatPrice(s.price_cents)}${isDemoId(s.id) ? ` (${t('bookings.form.demoBadge')})` : ''}`}
              </option>
            ))}
          </select>
          {servicesFailed ? <DemoNote>{t('bookings.form.demoServicesNote')}</DemoNote> : null}
        </div>

        {!serviceId ? (
          <p className="text-sm text-stone-600">{t('bookings.form.chooseServiceFirst')}</p>
        ) : loadingSlots ? (
          <p role="status" className="text-sm text-stone-600">
            {t('bookings.form.loadingTimes')}
          </p>
        ) : noSlots ? (
          <p role="status" className="rounded-xl bg-stone-50 px-3 py-3 text-sm text-stone-700">
            {t('bookings.form.noSlots')}
          </p>
        ) : (
          <>
            {slotsAreDemo ? <DemoNote>{t('bookings.form.demoSlotsNote')}</DemoNote> : null}
            <ChipGroup legend={t('bookings.form.day')}>
              {days.map((d) => (
                <Chip
                  key={d.key}
                  name={field('day')}
                  checked={d.key === day?.key}
                  onChange={() => {
                    setDayKey(d.key);
                    setSlot('');
                  }}
                >
                  {d.label}
                </Chip>
              ))}
            </ChipGroup>
            <ChipGroup
              legend={t('bookings.form.time')}
              hint={t('bookings.form.timesIn', { zone: timezone.replaceAll('_', ' ') })}
            >
              {day?.slots.map((s) => (
                <Chip
                  key={s.iso}
                  name={field('time')}
                  checked={slot === s.iso}
                  onChange={() => setSlot(s.iso)}
                >
                  {s.label}
                  {slotsAreDemo ? <span className="sr-only"> ({t('bookings.form.demoBadge')})</span> : null}
                </Chip>
              ))}
            </ChipGroup>
          </>
        )}

        <TextField id={field('name')} label={t('bookings.form.name')}>
          <Input
            id={field('name')}
            autoComplete="name"
            value={name}
            required
            onChange={(e) => setName(e.target.value)}
          />
        </TextField>
        <TextField id={field('email')} label={t('bookings.form.email')}>
          <Input
            id={field('email')}
            type="email"
            autoComplete="email"
            value={email}
            required
            onChange={(e) => setEmail(e.target.value)}
          />
        </TextField>
        <TextField id={field('phone')} label={t('bookings.form.phone')}>
          <PhoneField
            id={field('phone')}
            country={country}
            national={national}
            onCountryChange={setCountry}
            onNationalChange={setNational}
          />
        </TextField>
        <TextField id={field('notes')} label={t('bookings.form.notes')}>
          <textarea
            id={field('notes')}
            value={notes}
            maxLength={1000}
            rows={3}
            placeholder={t('bookings.form.notesPlaceholder')}
            onChange={(e) => setNotes(e.target.value)}
            className="w-full rounded-xl border border-stone-300 bg-white px-4 py-3 text-base text-stone-900 shadow-xs placeholder:text-stone-500 focus:border-brand-700 focus:outline-none focus-visible:outline-2"
          />
        </TextField>
        <Button type="submit" size="lg" disabled={create.isPending}>
          {create.isPending ? t('bookings.form.submitting') : t('bookings.form.submit')}
        </Button>
      </form>
    </section>
  );
}

function DemoNote({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <p className="flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <Badge className="shrink-0 bg-amber-100 text-amber-900">{t('bookings.form.demoBadge')}</Badge>
      <span>{children}</span>
    </p>
  );
}

function TextField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-stone-800">
        {label}
      </label>
      {children}
    </div>
  );
}

function ChipGroup({ legend, hint, children }: { legend: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-semibold text-stone-800">{legend}</legend>
      {hint ? <p className="-mt-1 text-xs text-stone-600">{hint}</p> : null}
      <div className="flex flex-wrap gap-2">{children}</div>
    </fieldset>
  );
}

function Chip({
  name,
  checked,
  onChange,
  children,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label
      className={clsx(
        'inline-flex h-10 cursor-pointer items-center rounded-full border px-4 text-sm font-semibold',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2',
        checked
          ? 'border-brand-700 bg-brand-700 text-white'
          : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-50',
      )}
    >
      <input type="radio" name={name} checked={checked} onChange={onChange} className="sr-only" />
      {children}
    </label>
  );
}
