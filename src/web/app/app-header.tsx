import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { switchTo } from '../../shared/language.ts';
import { useAuth } from '../features/auth/auth-context.tsx';
import { useUpdateProfile } from '../features/profile/api/use-update-profile.ts';
import { changeLanguage, currentLanguage, preloadLanguage } from '../i18n/i18n.ts';
import { paths } from '../lib/paths.ts';

/**
 * The top bar of every screen: the brand (a link home) and the language switch. The signup wizard
 * has its own language and its own switch (product §2), so the app's is not shown there.
 */
export function AppHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-14 max-w-md items-center justify-between px-4">
        <Link
          to={paths.home.to()}
          className="flex min-h-11 items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-stone-900"
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-brand-700 text-white">
            <MapPin aria-hidden="true" className="size-4.5" />
          </span>
          {t('app.name')}
        </Link>
        {pathname !== paths.vendorSignup.pattern && <LanguageSwitch />}
      </div>
    </header>
  );
}

/**
 * The visitor's language (decision 068), kept in this browser (a cookie, so that the server renders
 * the next pages in it) and, for someone signed in, with their account: their mails and WhatsApp
 * messages then speak it too. Saving it to the account is not waited for: the choice shows at once,
 * and a failure leaves the account's as it was.
 */
function LanguageSwitch() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const saveToAccount = useUpdateProfile();
  const next = switchTo[currentLanguage()];
  // The other language's strings download as the visitor reaches for the switch (a pointer over it
  // or pressing it, focus), not with the page (decision 084): by the click they are mostly there,
  // and the page changes language only once every string is (i18next waits for them).
  const reach = () => void preloadLanguage(next);
  return (
    <button
      type="button"
      lang={next}
      aria-label={t('language.switchToLabel')}
      className="tap-target h-9 rounded-full border border-stone-300 px-3 text-sm font-medium text-stone-700 hover:bg-stone-50"
      onPointerEnter={reach}
      onPointerDown={reach}
      onFocus={reach}
      onClick={() => {
        void changeLanguage(next);
        if (user) saveToAccount.mutate({ language: next });
      }}
    >
      {t('language.switchTo')}
    </button>
  );
}
