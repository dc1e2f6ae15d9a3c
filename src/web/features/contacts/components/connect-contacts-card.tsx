import { BookUser, FileUp, ShieldAlert, UserRoundPlus } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContactInput } from '../../../../shared/contacts.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorTextNow } from '../../../lib/error-text.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useProcessContacts } from '../api/use-contacts.ts';
import {
  type ContactsPermission,
  ContactsPermissionError,
  hasContactPicker,
  pickContacts,
  readVcfFile,
  sampleContacts,
  storedPermission,
  storePermission,
} from '../contact-sources.ts';

/** The 429 of the day's cap on new values, rather than of too many calls (decision 037). */
function isDailyCap(err: ApiError): boolean {
  return (err.details as { limit?: unknown } | undefined)?.limit === 'contacts_per_day';
}

/**
 * product §2 Home connect-contacts card with the product §4 permission states (unknown, granted, denied)
 * and every product §8 Contacts message. The Contact Picker API where the browser has it; otherwise
 * the product §9 web fallback of 2 sample contacts, shown as samples; a .vcf file works everywhere.
 */
export function ConnectContactsCard() {
  const { t } = useTranslation();
  const [permission, setPermission] = useState<ContactsPermission>(storedPermission);
  const [picker] = useState(hasContactPicker);
  const process = useProcessContacts();
  const fileId = useId();
  const titleId = useId();

  function changePermission(next: ContactsPermission) {
    setPermission(next);
    storePermission(next);
  }

  async function share(source: () => Promise<readonly ContactInput[]>) {
    let contacts: readonly ContactInput[];
    try {
      contacts = await source();
    } catch (err) {
      if (err instanceof ContactsPermissionError) {
        changePermission('denied');
        toast.error(t('contacts.messages.permissionError'), {
          description: t('contacts.messages.permissionDenied'),
        });
      } else {
        toast.error(t('contacts.messages.processingError'), { description: t('contacts.unreadableFile') });
      }
      return;
    }
    changePermission('granted');
    if (contacts.length === 0) {
      toast.error(t('contacts.messages.noContacts'), { description: t('contacts.messages.noContactsText') });
      return;
    }
    process.mutate(contacts, {
      onSuccess: (result) =>
        toast.success(t('contacts.messages.processed'), {
          description: t('contacts.result', {
            count: result.contacts,
            recommendations: t('contacts.found', { count: result.recommendations }),
          }),
        }),
      onError: (err) =>
        toast.error(t('contacts.messages.processingError'), {
          description:
            err instanceof ApiError && err.status === 401
              ? t('contacts.messages.notAuthenticated')
              : err instanceof ApiError && err.status === 429
                ? t(isDailyCap(err) ? 'contacts.messages.tooManyToday' : 'contacts.messages.tooManyRequests')
                : errorTextNow(err),
        }),
    });
  }

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again
    if (file) void share(() => readVcfFile(file));
  }

  const busy = process.isPending;
  return (
    <section
      aria-labelledby={titleId}
      aria-busy={busy}
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-800">
          {permission === 'denied' ? (
            <ShieldAlert aria-hidden="true" className="size-5" />
          ) : (
            <BookUser aria-hidden="true" className="size-5" />
          )}
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-base font-semibold text-stone-900">
            {permission === 'denied' ? t('contacts.messages.permissionRequired') : t('contacts.card.title')}
          </h2>
          <p className="mt-1 text-sm text-stone-700">
            {permission === 'denied'
              ? t('contacts.messages.permissionRequiredText')
              : t('contacts.card.text')}
          </p>
          {/* What is kept and why, before anything is shared (product §2.23). */}
          <Link
            to={paths.policy.to('privacy')}
            className="mt-1 inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline underline-offset-4"
          >
            {t('legal.readPrivacy')}
          </Link>
        </div>
      </div>

      <p className="text-sm text-stone-700">
        {t('contacts.card.permissionLabel')}:{' '}
        <span className="font-semibold text-stone-900" data-testid="contacts-permission">
          {t(`contacts.card.permission.${permission}`)}
        </span>
      </p>
      {permission === 'denied' ? (
        <p className="text-sm text-stone-700">
          {t('contacts.messages.permissionDenied')}. {t('contacts.card.deniedHint')}
        </p>
      ) : null}

      {picker ? (
        <Button size="lg" disabled={busy} onClick={() => void share(pickContacts)}>
          <UserRoundPlus aria-hidden="true" className="size-5" />
          {busy
            ? t('contacts.card.processing')
            : permission === 'denied'
              ? t('contacts.card.tryAgain')
              : permission === 'granted'
                ? t('contacts.card.connectAgain')
                : t('contacts.card.connect')}
        </Button>
      ) : (
        <SampleContacts busy={busy} onUse={() => void share(async () => sampleContacts)} />
      )}

      <div className="flex flex-col gap-1">
        <input
          id={fileId}
          type="file"
          accept=".vcf,.vcard,text/vcard,text/x-vcard"
          className="peer sr-only"
          disabled={busy}
          onChange={onFile}
        />
        <label
          htmlFor={fileId}
          aria-disabled={busy}
          className={`${buttonClassName({ variant: 'secondary', size: 'lg' })} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700`}
        >
          <FileUp aria-hidden="true" className="size-5" />
          {busy ? t('contacts.card.processing') : t('contacts.card.importVcf')}
        </label>
        <p className="text-xs text-stone-600">{t('contacts.card.importHint')}</p>
      </div>
    </section>
  );
}

function SampleContacts({ busy, onUse }: { busy: boolean; onUse: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <div className="flex flex-col gap-2 rounded-xl bg-stone-50 p-3">
      <p className="text-sm text-stone-700">{t('contacts.card.noPicker')}</p>
      <h3 id={titleId} className="text-sm font-semibold text-stone-900">
        {t('contacts.card.samplesTitle')}
      </h3>
      <p className="text-xs text-stone-600">{t('contacts.card.samplesText')}</p>
      <ul aria-labelledby={titleId} className="flex flex-col gap-1">
        {sampleContacts.map((contact) => (
          <li key={contact.name} className="flex flex-wrap items-center gap-2 text-sm text-stone-800">
            <Badge>{t('contacts.card.samplesBadge')}</Badge>
            <span className="font-medium">{contact.name}</span>
            <span className="text-stone-600">{contact.emails?.[0]}</span>
          </li>
        ))}
      </ul>
      <Button variant="soft" disabled={busy} onClick={onUse}>
        {busy ? t('contacts.card.processing') : t('contacts.card.useSamples')}
      </Button>
    </div>
  );
}
