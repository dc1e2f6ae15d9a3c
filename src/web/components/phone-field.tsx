import { useTranslation } from 'react-i18next';
import { type CountryCode, countries } from '../../shared/countries.ts';
import { Input } from './ui/input.tsx';

/** A phone number with its country picker (spec §3 country list; Mexico +52 first, spec §9). */
export function PhoneField({
  id,
  country,
  national,
  onCountryChange,
  onNationalChange,
  invalid,
  describedBy,
}: {
  id: string;
  country: CountryCode;
  national: string;
  onCountryChange: (code: CountryCode) => void;
  onNationalChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-2">
      <select
        aria-label={t('phone.country')}
        value={country}
        onChange={(e) => onCountryChange(e.target.value as CountryCode)}
        className="h-12 w-28 shrink-0 rounded-xl border border-stone-300 bg-white px-2 text-base text-stone-900 shadow-xs focus:border-brand-700 focus:outline-none focus-visible:outline-2"
      >
        {/* Without the flag (spec §3 lists one per country): Windows shows a flag as two letters,
            a screen reader says the country twice, and a browser without an emoji font searches
            every font for each flag at the page's first layout (decision 031). */}
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {`${c.dial} ${c.name}`}
          </option>
        ))}
      </select>
      <Input
        id={id}
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        placeholder={t('phone.placeholder')}
        value={national}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => onNationalChange(e.target.value)}
      />
    </div>
  );
}
