import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useAuthConfig } from '../api/use-me.ts';
import { type GoogleFailureWords, useGoogleSignIn } from '../use-google-sign-in.ts';

/**
 * Continue with Google. When this server has no Google credentials the button stays, disabled,
 * and says so (ARCHITECTURE §13) rather than failing after a click.
 */
export function GoogleButton({
  callbackURL = '/',
  disabled,
  failure,
}: {
  callbackURL?: string;
  disabled?: boolean;
  /** The screen's own words for a failure (the wizard's); else the sign-in page's. */
  failure?: GoogleFailureWords;
}) {
  const { t } = useTranslation();
  const config = useAuthConfig();
  const signIn = useGoogleSignIn(failure);
  const configured = config.data?.google ?? false;
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        disabled={disabled || !configured}
        aria-describedby={config.data && !configured ? 'google-not-configured' : undefined}
        onClick={() => void signIn(callbackURL)}
      >
        <GoogleMark />
        {t('auth.page.google')}
      </Button>
      {config.data && !configured ? (
        <p id="google-not-configured" className="text-center text-sm text-stone-600">
          {t('auth.page.googleNotConfigured')}
        </p>
      ) : null}
    </div>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.7v3h3.9c2.3-2.1 3.5-5.2 3.5-8.8z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3a7.2 7.2 0 0 1-10.7-3.8H1.4v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.4 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.4 6.6l4 3.1A7.2 7.2 0 0 1 12 4.8z"
      />
    </svg>
  );
}
