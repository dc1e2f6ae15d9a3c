import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';

/** The first letters of the first and last word: "Sofía Hernández" → "SH". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** The profile photo, or the initials on a coloured disc when there is none (My Profile). */
export function Avatar({ name, src, className }: { name: string; src: string | null; className?: string }) {
  const { t } = useTranslation();
  if (src) {
    return (
      <img
        src={src}
        alt={t('auth.profile.photoAlt', { name })}
        className={clsx('rounded-full object-cover', className)}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={t('auth.profile.photoAlt', { name })}
      className={clsx(
        'flex items-center justify-center rounded-full bg-brand-700 font-bold text-white',
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}
