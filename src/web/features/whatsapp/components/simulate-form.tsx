import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { quickTexts, simulateMessageSchema } from '../../../../shared/whatsapp.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorTextNow } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toast.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useSimulateMessage } from '../api/use-whatsapp.ts';

/** product §2: simulate an incoming vendor message — phone, text, quick texts — through the webhook's handler. */
export function SimulateForm({
  phone,
  onPhoneChange,
}: {
  phone: string;
  onPhoneChange: (phone: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitted },
  } = useZodForm(simulateMessageSchema, { defaultValues: { phone, text: '' } });
  const text = watch('text');
  // The schema's refusals, in the page's language: empty (spaces only) or too long.
  const errorOf = (error: { type?: unknown } | undefined, required: string) =>
    error ? (error.type === 'too_big' ? t('whatsapp.simulate.tooLong') : required) : undefined;
  const phoneError = errorOf(errors.phone, t('whatsapp.simulate.phoneRequired'));
  const textError = errorOf(errors.text, t('whatsapp.simulate.textRequired'));
  const simulate = useSimulateMessage();

  const submit = handleSubmit((input) =>
    simulate.mutate(input, {
      onSuccess: (result) =>
        toast.success(t('whatsapp.simulate.done'), {
          description: t('whatsapp.simulate.reply', { reply: result.reply }),
        }),
      onError: (err) =>
        toast.error(t('whatsapp.simulate.failed'), {
          description: err instanceof ApiError && err.status > 0 ? errorTextNow(err) : undefined,
        }),
    }),
  );

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs"
    >
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-stone-900">
          {t('whatsapp.simulate.title')}
        </h2>
        <p className="text-sm text-stone-700">{t('whatsapp.simulate.hint')}</p>
      </div>
      <form onSubmit={submit} className="flex flex-col gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-phone`} className="text-sm font-medium text-stone-800">
            {t('whatsapp.simulate.phone')}
          </label>
          <Input
            id={`${id}-phone`}
            type="tel"
            autoComplete="off"
            required
            placeholder={t('whatsapp.simulate.phonePlaceholder')}
            {...register('phone', { onChange: (e) => onPhoneChange(e.target.value) })}
            {...invalid(phoneError, `${id}-phone`)}
          />
          <FieldError id={`${id}-phone-error`} message={phoneError} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-text`} className="text-sm font-medium text-stone-800">
            {t('whatsapp.simulate.text')}
          </label>
          <Input
            id={`${id}-text`}
            required
            placeholder={t('whatsapp.simulate.textPlaceholder')}
            {...register('text')}
            {...invalid(textError, `${id}-text`)}
          />
          <FieldError id={`${id}-text-error`} message={textError} />
        </div>
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-medium text-stone-800">
            {t('whatsapp.simulate.quickTexts')}
          </legend>
          <div className="flex flex-wrap gap-2">
            {quickTexts.map((quick) => (
              <Button
                key={quick}
                variant="soft"
                size="sm"
                onClick={() => setValue('text', quick, { shouldDirty: true, shouldValidate: isSubmitted })}
                aria-pressed={text === quick}
              >
                {quick}
              </Button>
            ))}
          </div>
        </fieldset>
        <Button type="submit" disabled={simulate.isPending}>
          {simulate.isPending ? t('whatsapp.simulate.sending') : t('whatsapp.simulate.send')}
        </Button>
      </form>
    </section>
  );
}

const invalid = (message: string | undefined, fieldId: string) =>
  message ? { 'aria-invalid': true, 'aria-describedby': `${fieldId}-error` } : {};

/**
 * A field's error under it (what the shared schema refused, in the page's language): the browser's own check of `required`
 * stops an empty field first, so this says what it lets through (spaces only, too long).
 */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-sm text-red-700">
      {message}
    </p>
  ) : null;
}
