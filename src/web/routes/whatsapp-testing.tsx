import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWhatsAppStatus } from '../features/whatsapp/api/use-whatsapp.ts';
import { MessageLog } from '../features/whatsapp/components/message-log.tsx';
import { NotifyCard } from '../features/whatsapp/components/notify-card.tsx';
import { SimulateForm } from '../features/whatsapp/components/simulate-form.tsx';
import { WhatsAppAccess } from '../features/whatsapp/components/whatsapp-access.tsx';

/**
 * WhatsApp testing page (/whatsapp-testing, product §2): simulate vendor messages, send notifications,
 * and watch the live message log. For signed-in users; its API is admin only (ARCHITECTURE §12).
 */
export function Component() {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  return (
    <WhatsAppAccess
      title={t('screens.whatsappTesting')}
      subtitle={t('whatsapp.testing.subtitle')}
      note={<TransportNote />}
    >
      <SimulateForm phone={phone} onPhoneChange={setPhone} />
      <NotifyCard phone={phone} />
      <MessageLog />
    </WhatsAppAccess>
  );
}

/** Which transport sends the messages (asked of the admin API, so rendered for admins only). */
function TransportNote() {
  const { t } = useTranslation();
  const status = useWhatsAppStatus(true);
  if (!status.data) return null;
  return (
    <p className="text-sm font-medium text-brand-800">
      {status.data.transport === 'cloud'
        ? t('whatsapp.testing.transportCloud')
        : t('whatsapp.testing.transportLog')}
    </p>
  );
}
