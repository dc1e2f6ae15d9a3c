import { clsx } from 'clsx';
import { Check, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  passwordChecks,
  passwordRules,
  passwordStrength,
  strengthColor,
} from '../../../../shared/password-rules.ts';

const barColors = {
  green: 'bg-green-600',
  yellow: 'bg-yellow-500',
  orange: 'bg-orange-500',
  red: 'bg-red-600',
} as const;

/** product §2, §9: the live requirements checklist and the 0–5 strength bar under the password. */
export function PasswordRequirements({ password, id }: { password: string; id: string }) {
  const { t } = useTranslation();
  const checks = passwordChecks(password);
  const strength = passwordStrength(password);
  return (
    <div id={id} className="flex flex-col gap-2">
      {/* The bar is drawn for the eye; the sentence below says the same to screen readers. */}
      <div
        aria-hidden="true"
        data-testid="password-strength"
        data-strength={strength}
        className="h-2 w-full overflow-hidden rounded-full bg-stone-200"
      >
        <div
          data-color={strengthColor(strength)}
          className={clsx('h-full rounded-full transition-all', barColors[strengthColor(strength)])}
          style={{ width: `${(strength / 5) * 100}%` }}
        />
      </div>
      <p className="text-sm text-stone-700">
        {t('vendor.wizard.strength', { strength })} · {t('vendor.wizard.rulesHint')}
      </p>
      <ul aria-label={t('vendor.wizard.requirements')} className="flex flex-col gap-1 text-sm">
        {passwordRules.map((rule) => (
          <li
            key={rule}
            className={clsx('flex items-center gap-2', checks[rule] ? 'text-green-800' : 'text-stone-600')}
          >
            {checks[rule] ? (
              <Check aria-hidden="true" className="size-4" />
            ) : (
              <X aria-hidden="true" className="size-4" />
            )}
            <span>{t(`vendor.wizard.rules.${rule}`)}</span>
            <span className="sr-only">
              ({checks[rule] ? t('vendor.wizard.met') : t('vendor.wizard.notMet')})
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
