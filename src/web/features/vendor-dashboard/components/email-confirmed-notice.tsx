import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DashboardNotice } from './dashboard-notice.tsx';

/** The mark the confirmation mail's link carries (vendor-signup.service.ts's callback). */
export const EMAIL_CONFIRMED_PARAM = 'email';

/**
 * The vendor's landing from the confirmation mail: the address is confirmed, said once. The mark
 * leaves the address bar, so that a reload or a bookmark does not say it again.
 */
export function EmailConfirmedNotice() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [shown] = useState(() => params.get(EMAIL_CONFIRMED_PARAM) === 'confirmed');
  useEffect(() => {
    if (!params.has(EMAIL_CONFIRMED_PARAM)) return;
    const rest = new URLSearchParams(params);
    rest.delete(EMAIL_CONFIRMED_PARAM);
    setParams(rest, { replace: true });
  }, [params, setParams]);
  if (!shown) return null;
  return (
    <DashboardNotice
      titleId="email-confirmed-title"
      title={t('vendor.dashboard.emailConfirmedTitle')}
      tone="done"
    >
      <p className="text-sm">{t('vendor.dashboard.emailConfirmedText')}</p>
    </DashboardNotice>
  );
}
