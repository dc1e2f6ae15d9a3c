import { useTranslation } from 'react-i18next';
import { NotAvailableNotice } from '../components/not-available-notice.tsx';

/** Payment success (/payment-success, spec §2) — built by a later issue; until then the honest notice. */
export function Component() {
  const { t } = useTranslation();
  return <NotAvailableNotice title={t('screens.paymentSuccess')} />;
}
