import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWhatsAppStatus } from '../features/whatsapp/api/use-whatsapp.ts';
import { MessageLog } from '../features/whatsapp/components/message-log.tsx';
import { NotifyCard } from '../features/whatsapp/components/notify-card.tsx';
import { SimulateForm } from '../features/whatsapp/components/simulate-form.tsx';
import { WhatsAppAccess } from '../features/whatsapp/components/whatsapp-access.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * WhatsApp testing page (/whatsapp-testing, product §2): simulate vendor messages, send notifications,
 * and watch the live message log. For signed-in users; its API is admin only (ARCHITECTURE §12).
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.whatsappTesting'));
  return (
    <WhatsAppAccess title={t('screens.whatsappTesting')}>
      <TestingTools />
    </WhatsAppAccess>
  );
}

function TestingTools() {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  const status = useWhatsAppStatus(true);
  return (
    <div className="flex flex-col gap-5 py-2">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('screens.whatsappTesting')}</h1>
        <p className="text-stone-700">{t('whatsapp.testing.subtitle')}</p>
        {status.data ? (
          <p className="text-sm font-medium text-brand-800">
            {status.data.transport === 'cloud'
              ? t('whatsapp.testing.transportCloud')
              : t('whatsapp.testing.transportLog')}
          </p>
        ) : null}
      </div>
      <SimulateForm phone={phone} onPhoneChange={setPhone} />
      <NotifyCard phone={phone} />
      <MessageLog />
    </div>
  );
}
