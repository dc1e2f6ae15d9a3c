import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CancellationPolicy } from '../../shared/cancellation-policy.ts';

// The vendor's cancellation policy in a line (decision 095): "Cancellation: Moderate. Full refund
// until 48 hours before…", on the profile and the booking form. Its strings are the app's own
// (a public page's first screen), kept to the line: the policy in full (`children`) is each
// screen's (the policies page's link, the booking form's disclosure).

export function CancellationTerms({
  policy,
  children,
}: {
  policy: CancellationPolicy;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1 text-sm text-stone-700" data-testid="cancellation-policy">
      <p>
        <span className="font-semibold text-stone-900">
          {t('cancellationPolicy.line', { policy: t(`cancellationPolicy.name.${policy}`) })}
        </span>{' '}
        {t(`cancellationPolicy.short.${policy}`)}
      </p>
      {children}
    </div>
  );
}
