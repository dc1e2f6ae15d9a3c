import { Zap } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type BookingForm as BookingFormFields,
  bookingFormSchema,
  type CreateBookingResponse,
} from '../../../../shared/booking.schemas.ts';
import type { CancellationPolicy } from '../../../../shared/cancellation-policy.ts';
import { alcaldiaOfArea, isPostalCode } from '../../../../shared/colonias.ts';
import { defaultCountry } from '../../../../shared/countries.ts';
import { zoneCity } from '../../../../shared/date-format.ts';
import { foldText } from '../../../../shared/fold-text.ts';
import { formatDuration, priceText } from '../../../../shared/money.ts';
import { addressLine } from '../../../../shared/service-location.ts';
import type { PublicServiceDetail } from '../../../../shared/vendor.schemas.ts';
import { CancellationTerms } from '../../../components/cancellation-terms.tsx';
import { FormField, fieldErrorProps } from '../../../components/form-field.tsx';
import { PhoneValueField } from '../../../components/phone-field.tsx';
import { PolicyConsent } from '../../../components/policy-consent.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorTextNow } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toast.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { useColonias } from '../../colonias/use-colonias.ts';
import { useAvailability } from '../api/use-availability.ts';
import { useCreateBooking } from '../api/use-create-booking.ts';
import { useMyBookings } from '../api/use-my-bookings.ts';
import { demoSlots, groupSlotsByDay } from '../booking-slots.ts';
import { coloniaChoices } from '../colonia-choices.ts';
import { CancellationDetails } from './booking-cancellation-terms.tsx';
import { BookingConfirmation, type BookingRecap } from './booking-confirmation.tsx';
import { Chip, ChipGroup } from './slot-chips.tsx';

export interface BookingFormProps {
  /** `service_areas`: the colonias a service at the customer's address may be in. */
  vendor: {
    id: string;
    slug: string;
    timezone: string;
    business_name?: string;
    service_areas?: readonly string[];
    place_address?: string | null;
    /** Its median answer time, for the confirmation's note; absent or null: the general one. */
    response_minutes_median?: number | null;
    /** Decision 097: a booking that fits is confirmed at once and paid right away. */
    instant_booking?: boolean;
    /** The terms the booking will keep (decision 095), shown before the request is sent. */
    cancellation_policy?: CancellationPolicy;
  };
  services: PublicServiceDetail[];
  /** A service to start with (Rehire: `?service=` on the profile), when it is one of them. */
  preselectedServiceId?: string | undefined;
  /**
   * A time to start with (`?start=`: the time a vendor offered with a decline, decision 096), chosen
   * once the preselected service's slots load, when it is one of them.
   */
  preselectedStart?: string | undefined;
  /** Quick Book: the visitor came to book, so the first step has the focus. */
  focusOnLoad?: boolean;
}

/**
 * The booking form on the services tab (product §2, §4, §5, §8): service, day, time (in the vendor's
 * timezone), name, email, optional phone, notes. When the vendor's slots cannot be loaded it shows
 * labelled examples, which are never sent (ARCHITECTURE §12: examples never pass for real data). Its
 * services are the vendor's own, loaded with the profile (decision 071: no example services).
 */
export function BookingForm({
  vendor,
  services,
  preselectedServiceId,
  preselectedStart,
  focusOnLoad = false,
}: BookingFormProps) {
  const { t, i18n } = useTranslation();
  const { user, profile } = useAuth();
  const formId = useId();

  const [dayKey, setDayKey] = useState('');
  const [done, setDone] = useState<{
    booking: CreateBookingResponse;
    email: string;
    recap: BookingRecap;
  } | null>(null);
  // The fields as react-hook-form holds them, checked by the request's own schema (decision 041).
  const { register, control, handleSubmit, getValues, setValue, formState } = useZodForm(bookingFormSchema, {
    defaultValues: {
      serviceId: services.some((s) => s.id === preselectedServiceId) ? (preselectedServiceId ?? '') : '',
      startTime: '',
      customerName: '',
      customerEmail: '',
      customerPhone: { country: defaultCountry.code, national: '' },
      // Meta's opt-in rules: consent is asked, never assumed (decision 070).
      whatsappOptIn: false,
      notes: '',
      addressNeeded: false,
      address: { street: '', colonia: '', postalCode: '', references: '' },
    } satisfies BookingFormFields,
  });
  const serviceId = useWatch({ control, name: 'serviceId' });
  // Quick Book or a service's Book button: that service, and the focus on the first step.
  useEffect(() => {
    if (preselectedServiceId && services.some((s) => s.id === preselectedServiceId)) {
      if (getValues('serviceId') !== preselectedServiceId) {
        setValue('serviceId', preselectedServiceId);
        setValue('startTime', '');
        setDayKey('');
      }
    }
    if (preselectedServiceId || focusOnLoad)
      document.getElementById(`${formId}-service`)?.focus({ preventScroll: true });
  }, [preselectedServiceId, focusOnLoad, services, getValues, setValue, formId]);
  // A service done at the customer's address asks for it.
  const location = services.find((s) => s.id === serviceId)?.location;
  const addressNeeded = location === 'customer';
  useEffect(() => {
    setValue('addressNeeded', addressNeeded);
  }, [addressNeeded, setValue]);
  const free = services.find((s) => s.id === serviceId)?.price_cents === 0;
  // Decision 097: an instant booking is paid at once; while the checkout opens, the form waits.
  const [openingCheckout, setOpeningCheckout] = useState(false);
  const slot = useWatch({ control, name: 'startTime' });
  const clearSlot = () => setValue('startTime', '', { shouldValidate: formState.isSubmitted });

  // Signed-in users get their name and email filled in (once, never over what they typed).
  const prefilled = useRef(false);
  useEffect(() => {
    if (!user || prefilled.current) return;
    prefilled.current = true;
    if (!getValues('customerName')) setValue('customerName', profile?.display_name || user.name || '');
    if (!getValues('customerEmail')) setValue('customerEmail', user.email);
  }, [user, profile, getValues, setValue]);

  // A signed-in customer is offered the address of their latest booking that had one, when this
  // vendor serves its colonia, instead of typing it again.
  const areas = vendor.service_areas ?? [];
  const myBookings = useMyBookings(Boolean(user) && addressNeeded);
  const lastAddress = useMemo(() => {
    const latest = (myBookings.data?.items ?? [])
      .filter((b) => b.address)
      .sort((a, b) => b.created_at.localeCompare(a.created_at))[0]?.address;
    if (!latest) return null;
    // A vendor serving a whole alcaldía: its postal code lists the colonia (the server decides).
    if (areas.length === 0 || areas.some((area) => alcaldiaOfArea(area))) return latest;
    // The colonia as the vendor lists it, which the form's select offers (case and accents aside).
    const colonia = areas.find((area) => foldText(area) === foldText(latest.colonia));
    return colonia ? { ...latest, colonia } : null;
  }, [myBookings.data, areas]);
  const typedAddress = useWatch({ control, name: 'address' });
  const addressEmpty = !typedAddress.street && !typedAddress.colonia && !typedAddress.postalCode;
  // A postal code fills the colonia's choices with its colonias the vendor serves (decision 073).
  const postalCode = isPostalCode(typedAddress.postalCode) ? typedAddress.postalCode.trim() : '';
  const ofPostalCode = useColonias(postalCode, addressNeeded && postalCode !== '');
  const ofCode = postalCode ? ofPostalCode.data?.items : undefined;
  const choices = coloniaChoices(areas, ofCode);
  const onlyChoice = choices.ofPostalCode.length === 1 ? choices.ofPostalCode[0] : undefined;
  useEffect(() => {
    if (onlyChoice && !getValues('address.colonia')) setValue('address.colonia', onlyChoice);
  }, [onlyChoice, getValues, setValue]);
  const coloniaNote = !addressNeeded
    ? null
    : !postalCode
      ? choices.byPostalCode
        ? t('colonias.postalCodeFirst')
        : null
      : ofCode && ofCode.length === 0
        ? t('colonias.postalCodeUnknown', { code: postalCode })
        : ofCode && choices.byPostalCode && choices.ofPostalCode.length === 0
          ? t('colonias.postalCodeNotServed', { code: postalCode, areas: areas.join(', ') })
          : null;

  const availability = useAvailability(vendor.slug, serviceId || undefined);
  const slotsAreDemo = Boolean(serviceId) && availability.isError;
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

  // The offered time, chosen once when its day is among the slots; a time taken since is left unchosen.
  const startApplied = useRef(false);
  useEffect(() => {
    if (startApplied.current || !preselectedStart || slotsAreDemo) return;
    if (!serviceId || serviceId !== preselectedServiceId || !availability.data) return;
    startApplied.current = true;
    const at = Date.parse(preselectedStart);
    const offered = days.find((d) => d.slots.some((s) => Date.parse(s.iso) === at));
    const slot = offered?.slots.find((s) => Date.parse(s.iso) === at);
    if (!offered || !slot) return;
    setDayKey(offered.key);
    setValue('startTime', slot.iso);
  }, [preselectedStart, preselectedServiceId, serviceId, availability.data, days, slotsAreDemo, setValue]);

  // product §8: the info toasts of the fallbacks, and the empty-slots message.
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
        recap={done.recap}
        responseMinutes={vendor.response_minutes_median ?? null}
        onAnother={() => {
          setDone(null);
          clearSlot();
        }}
      />
    );
  }

  // The request caps and a vendor's block have their own wording; other refusals are worded by
  // their reason (a lost slot, a colonia the vendor does not serve), never the server's English.
  const failureText = (err: Error) => {
    if (!(err instanceof ApiError) || err.status === 0) return t('bookings.form.failedText');
    const limit = (err.details as { limit?: unknown } | undefined)?.limit;
    if (err.code === 'rate_limited' && limit === 'open_requests') return t('bookings.form.tooManyPending');
    if (err.code === 'forbidden') return t('bookings.form.notAccepted');
    return errorTextNow(err);
  };

  const refuseDemo = () =>
    toast.error(t('bookings.form.demoRefusedTitle'), { description: t('bookings.form.demoRefusedText') });

  // product §5: service, time, name and email are required, checked at submit; the spec's toast says
  // so, and each field says what it needs.
  const submit = handleSubmit(
    (input) => {
      // Examples are never sent (ARCHITECTURE §12).
      if (slotsAreDemo) return refuseDemo();
      create.mutate(
        { vendorId: vendor.id, ...input },
        {
          onSuccess: (booking) => {
            // An instant booking is confirmed and its checkout open: the customer pays now.
            if (booking.payment_url) {
              setOpeningCheckout(true);
              window.location.assign(booking.payment_url);
              return;
            }
            const service = services.find((s) => s.id === input.serviceId);
            setDone({
              booking,
              email: input.customerEmail,
              recap: {
                vendorName: vendor.business_name ?? '',
                serviceName: service?.name ?? '',
                startTime: input.startTime,
                durationMinutes: service?.duration_minutes ?? 0,
                timezone,
                priceCents: service?.price_cents ?? 0,
                where: {
                  location: service?.location,
                  address: input.address ?? null,
                  place_address: vendor.place_address ?? null,
                },
              },
            });
          },
          onError: (err) => {
            clearSlot();
            toast.error(t('bookings.form.failedTitle'), { description: failureText(err) });
          },
        },
      );
    },
    () => {
      const { serviceId, startTime, customerName, customerEmail, address } = getValues();
      const addressMissing =
        addressNeeded && (!address.street.trim() || !address.colonia.trim() || !address.postalCode.trim());
      if (!serviceId || !startTime || !customerName.trim() || !customerEmail.trim() || addressMissing) {
        toast.error(t('bookings.form.missingTitle'), { description: t('bookings.form.missingText') });
      } else if (slotsAreDemo) {
        refuseDemo();
      }
    },
  );

  const { errors } = formState;
  const emailTyped = Boolean(getValues('customerEmail').trim());
  const errorText = {
    service: errors.serviceId ? t('bookings.form.serviceRequired') : undefined,
    time: errors.startTime ? t('bookings.form.timeRequired') : undefined,
    name: errors.customerName ? t('bookings.form.nameRequired') : undefined,
    email: errors.customerEmail
      ? t(emailTyped ? 'bookings.form.invalidEmail' : 'bookings.form.emailRequired')
      : undefined,
    phone: errors.customerPhone ? t('bookings.form.invalidPhone') : undefined,
    street: errors.address?.street ? t('bookings.form.streetRequired') : undefined,
    colonia: errors.address?.colonia ? t('bookings.form.coloniaRequired') : undefined,
    postalCode: errors.address?.postalCode ? t('bookings.form.postalCodeInvalid') : undefined,
  };

  const field = (key: string) => `${formId}-${key}`;
  // The colonia's error and the postal code's note, both read with the field.
  const coloniaDescribedBy = [
    errorText.colonia ? `${field('colonia')}-error` : undefined,
    coloniaNote ? field('colonia-note') : undefined,
  ].filter((id) => id !== undefined);
  const coloniaDescription = {
    'aria-invalid': errorText.colonia ? (true as const) : undefined,
    'aria-describedby': coloniaDescribedBy.length > 0 ? coloniaDescribedBy.join(' ') : undefined,
  };
  return (
    <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
      <p className="text-sm text-stone-600">
        <span aria-hidden="true" className="font-semibold text-red-700">
          *
        </span>{' '}
        {t('bookings.form.requiredNote')}
      </p>
      <FormField id={field('service')} required label={t('bookings.form.service')} error={errorText.service}>
        <select
          id={field('service')}
          {...register('serviceId', {
            onChange: () => {
              setDayKey('');
              clearSlot();
            },
          })}
          {...fieldErrorProps(errorText.service, field('service'))}
          // Shown from the form's value, so that a preselected service (Rehire) is the one shown.
          value={serviceId}
          className="h-12 w-full rounded-xl border border-stone-300 bg-white px-3 text-base text-stone-900 shadow-xs focus:border-brand-700 focus:outline-none focus-visible:outline-2"
        >
          <option value="">{t('bookings.form.servicePlaceholder')}</option>
          {services.map((s) => (
            <option key={s.id} value={s.id}>
              {`${s.name} · ${priceText(s.price_cents, i18n.language)} · ${formatDuration(s.duration_minutes)}`}
            </option>
          ))}
        </select>
        {location && location !== 'customer' ? (
          <p className="text-sm text-stone-600">
            {location === 'online'
              ? t('bookings.where.online')
              : vendor.place_address
                ? t('bookings.where.vendorAt', { address: vendor.place_address })
                : t('bookings.where.vendor')}
          </p>
        ) : null}
      </FormField>

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
                  clearSlot();
                }}
              >
                {d.label}
              </Chip>
            ))}
          </ChipGroup>
          <ChipGroup
            id={field('time')}
            legend={t('bookings.form.time')}
            hint={t('bookings.form.timesIn', { zone: zoneCity(timezone, i18n.language) })}
            error={errorText.time}
          >
            {day?.slots.map((s) => (
              <Chip
                key={s.iso}
                name={field('time')}
                checked={slot === s.iso}
                onChange={() => setValue('startTime', s.iso, { shouldValidate: formState.isSubmitted })}
              >
                {s.label}
                {slotsAreDemo ? <span className="sr-only"> ({t('bookings.form.demoBadge')})</span> : null}
              </Chip>
            ))}
          </ChipGroup>
        </>
      )}

      {addressNeeded ? (
        <fieldset className="flex min-w-0 flex-col gap-3 rounded-2xl border border-stone-200 p-4">
          <legend className="px-1 text-sm font-semibold text-stone-800">
            {t('bookings.form.addressTitle')}
          </legend>
          <p className="text-sm text-stone-600">{t('bookings.form.addressHint')}</p>
          {lastAddress && addressEmpty ? (
            <Button
              variant="secondary"
              // The address is long: it wraps inside the card rather than widen it (a fieldset grows
              // to its content's width, and a button's label does not wrap by itself).
              className="h-auto! min-h-11 py-2 text-left"
              onClick={() =>
                setValue(
                  'address',
                  { ...lastAddress, references: lastAddress.references ?? '' },
                  { shouldValidate: formState.isSubmitted },
                )
              }
            >
              <span className="min-w-0 break-words whitespace-normal">
                {t('bookings.form.useLastAddress', { address: addressLine(lastAddress) })}
              </span>
            </Button>
          ) : null}
          <FormField id={field('street')} required label={t('bookings.form.street')} error={errorText.street}>
            <Input
              id={field('street')}
              autoComplete="address-line1"
              required
              maxLength={200}
              {...register('address.street')}
              {...fieldErrorProps(errorText.street, field('street'))}
            />
          </FormField>
          <FormField
            id={field('postal')}
            required
            label={t('bookings.form.postalCode')}
            error={errorText.postalCode}
          >
            <Input
              id={field('postal')}
              autoComplete="postal-code"
              inputMode="numeric"
              required
              maxLength={5}
              {...register('address.postalCode')}
              {...fieldErrorProps(errorText.postalCode, field('postal'))}
            />
          </FormField>
          <FormField
            id={field('colonia')}
            required
            label={t('bookings.form.colonia')}
            error={errorText.colonia}
          >
            {areas.length > 0 ? (
              <select
                id={field('colonia')}
                required
                {...register('address.colonia')}
                {...coloniaDescription}
                className="h-12 w-full rounded-xl border border-stone-300 bg-white px-3 text-base text-stone-900 shadow-xs focus:border-brand-700 focus:outline-none focus-visible:outline-2"
              >
                <option value="">{t('bookings.form.coloniaPlaceholder')}</option>
                {choices.options.map((area) => (
                  <option key={area} value={area}>
                    {area}
                  </option>
                ))}
              </select>
            ) : (
              <>
                <Input
                  id={field('colonia')}
                  autoComplete="address-level3"
                  required
                  maxLength={100}
                  list={choices.ofPostalCode.length > 0 ? field('colonia-list') : undefined}
                  {...register('address.colonia')}
                  {...coloniaDescription}
                />
                {choices.ofPostalCode.length > 0 ? (
                  <datalist id={field('colonia-list')}>
                    {choices.ofPostalCode.map((label) => (
                      <option key={label} value={label} />
                    ))}
                  </datalist>
                ) : null}
              </>
            )}
            {coloniaNote ? (
              <p id={field('colonia-note')} className="text-sm text-stone-600">
                {coloniaNote}
              </p>
            ) : null}
          </FormField>
          <FormField id={field('references')} label={t('bookings.form.references')}>
            <Input
              id={field('references')}
              maxLength={200}
              placeholder={t('bookings.form.referencesPlaceholder')}
              {...register('address.references')}
            />
          </FormField>
        </fieldset>
      ) : null}

      <FormField id={field('name')} required label={t('bookings.form.name')} error={errorText.name}>
        <Input
          id={field('name')}
          autoComplete="name"
          required
          maxLength={120}
          {...register('customerName')}
          {...fieldErrorProps(errorText.name, field('name'))}
        />
      </FormField>
      <FormField id={field('email')} required label={t('bookings.form.email')} error={errorText.email}>
        <Input
          id={field('email')}
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          {...register('customerEmail')}
          {...fieldErrorProps(errorText.email, field('email'))}
        />
      </FormField>
      <FormField id={field('phone')} label={t('bookings.form.phone')} error={errorText.phone}>
        <Controller
          control={control}
          name="customerPhone"
          render={({ field: phone }) => (
            <PhoneValueField
              id={field('phone')}
              value={phone.value}
              onChange={phone.onChange}
              error={errorText.phone}
            />
          )}
        />
      </FormField>
      <label className="flex items-start gap-3 text-sm text-stone-800">
        <input
          type="checkbox"
          id={field('whatsapp')}
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
          {...register('whatsappOptIn')}
        />
        <span>{t('bookings.form.whatsappOptIn')}</span>
      </label>
      <FormField id={field('notes')} label={t('bookings.form.notes')}>
        <textarea
          id={field('notes')}
          maxLength={1000}
          rows={3}
          placeholder={t('bookings.form.notesPlaceholder')}
          {...register('notes')}
          className="w-full rounded-xl border border-stone-300 bg-white px-4 py-3 text-base text-stone-900 shadow-xs placeholder:text-stone-500 focus:border-brand-700 focus:outline-none focus-visible:outline-2"
        />
      </FormField>
      {vendor.cancellation_policy ? (
        <CancellationTerms policy={vendor.cancellation_policy}>
          <CancellationDetails policy={vendor.cancellation_policy} />
        </CancellationTerms>
      ) : null}
      <PolicyConsent kind="booking" />
      {vendor.instant_booking ? (
        <p className="flex items-start gap-2 rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900">
          <Zap aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{free ? t('bookings.form.instantFree') : t('bookings.form.instant')}</span>
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={create.isPending || openingCheckout}>
        {openingCheckout
          ? t('bookings.form.openingCheckout')
          : create.isPending
            ? t('bookings.form.submitting')
            : t('bookings.form.submit')}
      </Button>
    </form>
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
