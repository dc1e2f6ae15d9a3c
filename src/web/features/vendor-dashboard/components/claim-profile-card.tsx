import { CheckCircle2, Mail, MessageCircle, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type ClaimChannel,
  type PendingVendorClaim,
  type VendorClaimOffer,
  verifyVendorClaimSchema,
} from '../../../../shared/vendor-claim.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { LabelledField } from '../../vendor-onboarding/components/vendor-fields.tsx';
import { useStartVendorClaim, useVerifyVendorClaim } from '../api/use-vendor-claim.ts';

type ClaimError =
  | { key: 'wrongCode'; count: number }
  | {
      key:
        | 'invalidCode'
        | 'expired'
        | 'tooManyAttempts'
        | 'tooManyCodes'
        | 'profileCodesToday'
        | 'alreadyClaimed'
        | 'ownHasBookings'
        | 'failed';
    };

/**
 * A 409 in the card's language: the server's message is bilingual ("es / en"), so the card says it
 * itself. Only the own-bookings refusal speaks of bookings (claimMessages in vendor-claims.service.ts).
 */
function conflictError(err: ApiError): ClaimError {
  return { key: /reservas|bookings/i.test(err.message) ? 'ownHasBookings' : 'alreadyClaimed' };
}

/** The server's answer to a try, as something the card can say in its language. */
function verifyError(err: unknown): ClaimError {
  if (!(err instanceof ApiError)) return { key: 'failed' };
  if (err.status === 400) {
    const left = (err.details as { attempts_left?: number }[] | undefined)?.[0]?.attempts_left;
    return typeof left === 'number' ? { key: 'wrongCode', count: left } : { key: 'invalidCode' };
  }
  if (err.status === 410) return { key: 'expired' };
  if (err.status === 429) return { key: 'tooManyAttempts' };
  // 409: claimed by another account, or the account's own new profile already has bookings.
  if (err.status === 409) return conflictError(err);
  return { key: 'failed' };
}

function startError(err: unknown): ClaimError {
  if (err instanceof ApiError && err.status === 429) {
    // The profile's own daily share (whoever asked), or this account's hourly one.
    const limit = (err.details as { limit?: string }[] | undefined)?.[0]?.limit;
    return { key: limit === 'target' ? 'profileCodesToday' : 'tooManyCodes' };
  }
  if (err instanceof ApiError && err.status === 409) return conflictError(err);
  return { key: 'failed' };
}

/** The masked phone (`+52 •••• 2222`) never breaks over two lines. */
const unbroken = (to: string) => to.replaceAll(' ', '\u00a0');

/**
 * "¿Ya estás en Barrio? Reclama tu perfil" (decision 035): the account proves control of an
 * admin-created profile's WhatsApp or email with a one-time code. Without a session (right after a
 * password signup) it says to sign in first, since the code is tied to the account.
 */
export function ClaimProfileCard({
  offer,
  pending = null,
  signedIn = true,
}: {
  offer: VendorClaimOffer;
  pending?: PendingVendorClaim | null;
  signedIn?: boolean;
}) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<PendingVendorClaim | null>(pending);
  // The server's answers; the code's own check (6 digits) is the shared schema's, in the form.
  const [error, setError] = useState<ClaimError | null>(null);
  const [claimed, setClaimed] = useState<string | null>(null);
  const start = useStartVendorClaim();
  const verify = useVerifyVendorClaim();
  const {
    control,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useZodForm(verifyVendorClaimSchema, { defaultValues: { code: '' } });
  // After a code is sent the field it goes in has the focus (the button pressed may be gone).
  const focusCode = useRef(false);
  useEffect(() => {
    if (sent && focusCode.current) {
      focusCode.current = false;
      setFocus('code');
    }
  }, [sent, setFocus]);

  async function send(channel: ClaimChannel) {
    setError(null);
    try {
      const next = await start.mutateAsync(channel);
      // Another code to where one was already sent changes nothing on screen: the toast says it.
      if (sent) toast.success(t('vendor.claim.resent', { to: next.to }));
      focusCode.current = true;
      setSent(next);
      reset({ code: '' });
    } catch (err) {
      setError(startError(err));
    }
  }

  const onSubmit = handleSubmit(
    async ({ code }) => {
      setError(null);
      try {
        const result = await verify.mutateAsync(code);
        setClaimed(result.business_name);
        // On the dashboard the card gives way to the claimed profile at once: the toast stays.
        toast.success(t('vendor.claim.doneTitle'), {
          description: t('vendor.claim.doneText', { name: result.business_name }),
        });
      } catch (err) {
        setError(verifyError(err));
      }
    },
    // Not 6 digits (the shared schema): the card's own words, no request.
    () => setError(null),
  );

  const shown: ClaimError | null = errors.code ? { key: 'invalidCode' } : error;
  const errorText = !shown
    ? null
    : shown.key === 'wrongCode'
      ? t('vendor.claim.wrongCode', { count: shown.count })
      : t(`vendor.claim.${shown.key}`);

  if (claimed)
    return (
      <section
        aria-labelledby="claim-title"
        className="flex flex-col gap-3 rounded-2xl bg-green-50 p-4 text-green-950"
      >
        <h2 id="claim-title" className="flex items-center gap-2 text-lg font-semibold">
          <CheckCircle2 aria-hidden="true" className="size-5 shrink-0" />
          {t('vendor.claim.doneTitle')}
        </h2>
        <p role="status" className="text-sm">
          {t('vendor.claim.doneText', { name: claimed })}
        </p>
      </section>
    );

  const channelButtons = (
    <div className="flex flex-col gap-2">
      {offer.channels.map(({ channel, to }) => (
        <Button
          key={channel}
          variant={sent ? 'secondary' : 'primary'}
          className="h-auto min-h-11 whitespace-normal py-2 text-left"
          disabled={start.isPending}
          onClick={() => void send(channel)}
        >
          {channel === 'whatsapp' ? (
            <MessageCircle aria-hidden="true" className="size-5 shrink-0" />
          ) : (
            <Mail aria-hidden="true" className="size-5 shrink-0" />
          )}
          <span className="min-w-0 break-words">{t(`vendor.claim.${channel}`, { to })}</span>
        </Button>
      ))}
    </div>
  );

  return (
    <section aria-labelledby="claim-title" className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm">
      <h2 id="claim-title" className="flex items-center gap-2 text-lg font-semibold text-stone-900">
        <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
        {t('vendor.claim.title')}
      </h2>
      <p className="text-sm text-stone-700">{t('vendor.claim.intro', { name: offer.business_name })}</p>
      {!signedIn ? (
        <p className="rounded-xl bg-brand-50 p-3 text-sm text-brand-900">{t('vendor.claim.signInFirst')}</p>
      ) : sent ? (
        <form noValidate className="flex flex-col gap-3" onSubmit={(e) => void onSubmit(e)}>
          <p role="status" className="text-sm text-stone-800">
            {t('vendor.claim.sentTo', { to: unbroken(sent.to) })}
          </p>
          <LabelledField id="claim-code" label={t('vendor.claim.codeLabel')}>
            <Controller
              control={control}
              name="code"
              render={({ field }) => (
                <Input
                  ref={field.ref}
                  id="claim-code"
                  name="one-time-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]*"
                  maxLength={6}
                  className="tracking-[0.4em]"
                  aria-invalid={errorText ? true : undefined}
                  aria-describedby={errorText ? 'claim-error' : undefined}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(e) => field.onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
                />
              )}
            />
          </LabelledField>
          {errorText ? (
            <p id="claim-error" role="alert" className="text-sm font-medium text-red-800">
              {errorText}
            </p>
          ) : null}
          <Button type="submit" size="lg" disabled={verify.isPending}>
            {verify.isPending ? t('vendor.claim.verifying') : t('vendor.claim.verify')}
          </Button>
          <p className="text-sm font-medium text-stone-700">{t('vendor.claim.resend')}</p>
          {channelButtons}
        </form>
      ) : (
        <>
          <p className="text-sm font-medium text-stone-800">{t('vendor.claim.chooseChannel')}</p>
          {channelButtons}
          {start.isPending ? (
            <p role="status" className="text-sm text-stone-700">
              {t('vendor.claim.sending')}
            </p>
          ) : null}
          {errorText ? (
            <p role="alert" className="text-sm font-medium text-red-800">
              {errorText}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
