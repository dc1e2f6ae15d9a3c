import { ChevronDown } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type CountryCode, countries } from '../../shared/countries.ts';
import { Input } from './ui/input.tsx';

/** A phone number with its country picker (product §3 country list; Mexico +52 first, product §9). */
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
  const { t, i18n } = useTranslation();
  const selected = countries.find((c) => c.code === country) ?? countries[0];
  // Each country in the reader's language ("México", "Estados Unidos"); product §3's English name
  // where the browser has no names.
  const names = useMemo(() => regionNames(i18n.language), [i18n.language]);
  return (
    <div className="flex gap-2">
      {/* Closed, the picker shows the country's code and dial code ("MX +52"): the whole name does
          not fit beside the number on a phone, and +1 alone would not tell the US from Canada. The
          native select lies over it, invisible, so that its own list opens, with every name. */}
      <div className="relative h-12 w-28 shrink-0 rounded-xl border border-stone-300 bg-white shadow-xs has-[select:focus]:border-brand-700 has-[select:focus-visible]:outline-2 has-[select:focus-visible]:outline-offset-2 has-[select:focus-visible]:outline-brand-700">
        <span
          aria-hidden="true"
          className="pointer-events-none flex h-full items-center justify-between gap-1 px-3 text-base text-stone-900"
        >
          {`${selected.code} ${selected.dial}`}
          <ChevronDown className="size-4 shrink-0 text-stone-600" />
        </span>
        <select
          aria-label={t('phone.country')}
          value={country}
          onChange={(e) => onCountryChange(e.target.value as CountryCode)}
          className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
        >
          {/* Without the flag (product §3 lists one per country): Windows shows a flag as two letters,
              a screen reader says the country twice, and a browser without an emoji font searches
              every font for each flag at the page's first layout. */}
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {`${c.dial} ${names?.of(c.code) ?? c.name}`}
            </option>
          ))}
        </select>
      </div>
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

/** A form's phone value: the picker's country and the number as typed. */
export interface PhoneValue {
  country: CountryCode;
  national: string;
}

/** PhoneField bound to one `{country, national}` value of a form (react-hook-form's `field`). */
export function PhoneValueField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  error?: string | undefined;
}) {
  return (
    <PhoneField
      id={id}
      country={value.country}
      national={value.national}
      onCountryChange={(country) => onChange({ ...value, country })}
      onNationalChange={(national) => onChange({ ...value, national })}
      invalid={Boolean(error)}
      {...(error ? { describedBy: `${id}-error` } : {})}
    />
  );
}

function regionNames(language: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  } catch {
    return null;
  }
}
