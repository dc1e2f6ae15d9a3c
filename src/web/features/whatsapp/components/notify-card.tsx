import { CalendarX2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../../../shared/date-format.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorTextNow } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toast.ts';
import { usePendingAppointments, useSendNotification } from '../api/use-whatsapp.ts';

const failure = (err: unknown) => (err instanceof ApiError && err.status > 0 ? errorTextNow(err) : undefined);

/** product §2: send a booking notification for a pending appointment, and the fixed test notification. */
export function NotifyCard({ phone }: { phone: string }) {
  const { t, i18n } = useTranslation();
  // In the page's language, not the browser's (the admin's own clock: the list spans vendors).
  const whenFormat = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const id = useId();
  const pending = usePendingAppointments(true);
  const notify = useSendNotification();
  const [appointmentId, setAppointmentId] = useState('');

  const items = pending.data ?? [];
  useEffect(() => {
    if (items.length && !items.some((a) => a.id === appointmentId)) setAppointmentId(items[0]!.id);
  }, [items, appointmentId]);

  const sendBooking = () =>
    notify.mutate(
      { appointmentId, type: 'booking_request' },
      {
        onSuccess: (r) =>
          toast.success(t('whatsapp.notify.sent', { to: r.to }), { description: credentials(r) }),
        onError: (err) => toast.error(t('whatsapp.notify.failed'), { description: failure(err) }),
      },
    );
  const sendTest = () =>
    notify.mutate(
      { test: true, ...(phone.trim() ? { phone } : {}) },
      {
        onSuccess: (r) =>
          toast.success(t('whatsapp.notify.testSent', { to: r.to }), { description: credentials(r) }),
        onError: (err) => toast.error(t('whatsapp.notify.testFailed'), { description: failure(err) }),
      },
    );
  const credentials = (r: { hasAccessToken: boolean; hasPhoneNumberId: boolean }) =>
    t('whatsapp.notify.credentials', {
      token: r.hasAccessToken ? t('whatsapp.notify.yes') : t('whatsapp.notify.no'),
      phone: r.hasPhoneNumberId ? t('whatsapp.notify.yes') : t('whatsapp.notify.no'),
    });

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs"
    >
      <div className="flex flex-col gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-stone-900">
          {t('whatsapp.notify.title')}
        </h2>
        {pending.isPending ? (
          <div className="flex justify-center py-4 text-brand-700">
            <Spinner className="size-6" label={t('app.loading')} />
          </div>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-1 rounded-xl bg-stone-50 px-4 py-6 text-center">
            <CalendarX2 aria-hidden="true" className="size-7 text-stone-600" />
            <p className="font-semibold text-stone-900">{t('whatsapp.notify.emptyTitle')}</p>
            <p className="text-sm text-stone-700">{t('whatsapp.notify.emptyText')}</p>
          </div>
        ) : (
          <>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-appointment`} className="text-sm font-medium text-stone-800">
                {t('whatsapp.notify.appointment')}
              </label>
              <select
                id={`${id}-appointment`}
                value={appointmentId}
                onChange={(e) => setAppointmentId(e.target.value)}
                className="h-12 w-full rounded-xl border border-stone-300 bg-white px-3 text-base text-stone-900"
              >
                {items.map((a) => (
                  <option key={a.id} value={a.id}>
                    {t('whatsapp.notify.option', {
                      code: a.code,
                      vendor: a.vendor_name,
                      when: whenFormat.format(new Date(a.start_time)),
                    })}
                    {a.vendor_has_phone ? '' : ` ${t('whatsapp.notify.noPhone')}`}
                  </option>
                ))}
              </select>
            </div>
            <Button onClick={sendBooking} disabled={notify.isPending || !appointmentId}>
              {notify.isPending ? t('whatsapp.notify.sending') : t('whatsapp.notify.send')}
            </Button>
          </>
        )}
      </div>
      <div className="flex flex-col gap-2 border-t border-stone-200 pt-4">
        <h3 className="font-semibold text-stone-900">{t('whatsapp.notify.testTitle')}</h3>
        <p className="text-sm text-stone-700">{t('whatsapp.notify.testHint')}</p>
        <Button variant="secondary" onClick={sendTest} disabled={notify.isPending}>
          {t('whatsapp.notify.sendTest')}
        </Button>
      </div>
    </section>
  );
}
