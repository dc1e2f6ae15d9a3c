import { clsx } from 'clsx';
import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { whatsAppLink } from '../../../../shared/whatsapp-link.ts';
import { buttonClassName } from '../../../components/ui/button.tsx';

/**
 * "Message <vendor> on WhatsApp" (the booking page): its text may wrap on a narrow screen rather than
 * overflow (a long business name), and the button grows with it.
 */
export function VendorWhatsAppLink({ vendor, whatsapp }: { vendor: string; whatsapp: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={whatsAppLink(whatsapp)}
      rel="noreferrer"
      className={clsx(
        buttonClassName({ variant: 'secondary', size: 'md' }),
        'h-auto! min-h-11 py-2 text-center',
      )}
    >
      <MessageCircle aria-hidden="true" className="size-4 shrink-0" />
      <span className="min-w-0 break-words whitespace-normal">
        {t('bookings.manage.whatsapp', { vendor })}
      </span>
    </a>
  );
}
