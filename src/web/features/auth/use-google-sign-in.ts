import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultLanguage, isLanguage } from '../../../shared/language.ts';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { signOut, startGoogleSignIn } from './api/auth-client.ts';
import { authErrorText } from './auth-error-text.ts';

/** product §9: the social sign-in popup is 600x700. */
const POPUP = { width: 600, height: 700 };

function insideFrame(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true; // a cross-origin parent hides window.top: that is a frame too
  }
}

/** How a screen says that Google sign-in failed: the wizard's "Error" / "Google signup failed". */
export interface GoogleFailureWords {
  title: string;
  /** When the server gave no message. */
  fallback: string;
}

/**
 * product §7: social sign-in. It signs out first; inside a frame it asks for the authorization URL
 * without redirecting and opens it in a 600x700 popup, otherwise it follows the normal redirect.
 * A failure is said in the provider's language (the wizard's own), in `failure`'s words if given.
 */
export function useGoogleSignIn(failure?: GoogleFailureWords) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : defaultLanguage;
  return useCallback(
    async (callbackURL = '/') => {
      try {
        await signOut().catch(() => undefined); // nobody signed in is fine
        const framed = insideFrame();
        const { url } = await startGoogleSignIn({ callbackURL, disableRedirect: true });
        if (!url) {
          toast.error(t('auth.toast.noOAuthUrl'));
          return;
        }
        if (!framed) {
          window.location.assign(url);
          return;
        }
        const left = Math.max(0, window.screenX + (window.outerWidth - POPUP.width) / 2);
        const top = Math.max(0, window.screenY + (window.outerHeight - POPUP.height) / 2);
        const popup = window.open(
          url,
          'barrio-google-sign-in',
          `width=${POPUP.width},height=${POPUP.height},left=${left},top=${top}`,
        );
        if (!popup) toast.error(t('auth.toast.popupBlocked'));
      } catch (err) {
        const answered = err instanceof ApiError && err.status > 0;
        if (failure)
          toast.error(failure.title, {
            description: answered ? authErrorText(err, language) : failure.fallback,
          });
        else if (answered)
          toast.error(t('auth.toast.googleFailed'), { description: authErrorText(err, language) });
        else toast.error(t('auth.toast.googleError'));
      }
    },
    [t, language, failure],
  );
}
