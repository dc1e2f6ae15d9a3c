// Where the mailed magic link leads (decision 054): a page of the web app whose one button signs in.
// Apart from magic-link.ts's routes, so that auth.ts can build the mail's link without them.

/** The web app's page the mailed link opens (web/lib/paths.ts `magicLink`). */
export const MAGIC_LINK_PAGE = '/auth/magic-link';

/**
 * The mail's link: our page with the token as `?token=` (so the kept copies redact it,
 * lib/redact-secrets.ts) and the page to go back to once signed in, taken from the link better-auth
 * built (`callbackURL`, as the sign-in page sent it). The page checks that one again (safeRedirect).
 */
export function magicLinkPageUrl(appUrl: string, token: string, betterAuthUrl: string): string {
  const back = new URL(betterAuthUrl).searchParams.get('callbackURL');
  const query = new URLSearchParams({ token });
  if (back && back !== '/') query.set('redirectTo', back);
  return `${appUrl}${MAGIC_LINK_PAGE}?${query.toString()}`;
}
