import { useTranslation } from 'react-i18next';
import { NotAvailableNotice } from '../components/not-available-notice.tsx';

/** Vendor page (/vendor/:vendorId, the target of Home's Recent Activity links, spec §2) — built by a later issue; until then the honest notice. */
export function Component() {
  const { t } = useTranslation();
  return <NotAvailableNotice title={t('screens.vendor')} />;
}
