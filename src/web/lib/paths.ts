import type { CategoryKey } from '../../shared/categories.ts';

/** The policies of product §2.23, in the order their index lists them. */
export const policyNames = ['cancellation', 'terms', 'privacy'] as const;
export type PolicyName = (typeof policyNames)[number];

// Every route URL of product §2 in one place: the router's patterns and the links that build them.
export const paths = {
  home: { pattern: '/', to: () => '/' },
  jobs: { pattern: '/jobs', to: () => '/jobs' },
  vendors: {
    pattern: '/vendors',
    to: (filters: { category?: CategoryKey; q?: string } = {}) => withQuery('/vendors', filters),
  },
  profile: { pattern: '/profile', to: () => '/profile' },
  settings: { pattern: '/settings', to: () => '/settings' },
  whatsappTesting: { pattern: '/whatsapp-testing', to: () => '/whatsapp-testing' },
  whatsappStatus: { pattern: '/whatsapp-status', to: () => '/whatsapp-status' },
  /** `redirectTo`: where a visitor sent to sign in goes back to once signed in. */
  auth: { pattern: '/auth', to: (redirectTo?: string) => withQuery('/auth', { redirectTo }) },
  /** Without `token`, asks for a reset link; with the mail's `token`, sets a new password. */
  resetPassword: {
    pattern: '/auth/reset-password',
    to: (token?: string) => withQuery('/auth/reset-password', { token }),
  },
  /** The mailed magic link: its one button signs in (decision 054); `redirectTo` as for /auth. */
  magicLink: {
    pattern: '/auth/magic-link',
    to: (token?: string, redirectTo?: string) => withQuery('/auth/magic-link', { token, redirectTo }),
  },
  vendor: {
    pattern: '/vendor/:vendorId',
    to: (vendorId: string) => `/vendor/${encodeURIComponent(vendorId)}`,
  },
  publicVendor: {
    pattern: '/public/vendor/:vendorId',
    /** `service`: preselected in the booking form (Rehire). */
    to: (vendorId: string, tab?: 'about' | 'services' | 'reviews', service?: string) =>
      withQuery(`/public/vendor/${encodeURIComponent(vendorId)}`, { tab, service }),
    /** Quick Book and Rehire: the services tab, scrolled to the booking form, focused on it. */
    book: (vendorId: string, service?: string) =>
      `${withQuery(`/public/vendor/${encodeURIComponent(vendorId)}`, { tab: 'services', service })}#book`,
  },
  directory: {
    pattern: '/public/all-vendors',
    to: (filters: { category?: CategoryKey } = {}) => withQuery('/public/all-vendors', filters),
  },
  vendorAuth: {
    pattern: '/vendor/auth',
    to: (redirectTo?: string) => withQuery('/vendor/auth', { redirectTo }),
  },
  vendorSignup: { pattern: '/vendor-signup', to: (step?: number) => withQuery('/vendor-signup', { step }) },
  vendorDashboard: { pattern: '/vendor/dashboard', to: () => '/vendor/dashboard' },
  vendorConfirm: { pattern: '/vendor-confirm', to: () => '/vendor-confirm' },
  /** The customer's booking page: the token comes in the mails and in the request's answer. */
  booking: {
    pattern: '/booking/:code',
    to: (code: string, token?: string) => withQuery(`/booking/${encodeURIComponent(code)}`, { token }),
  },
  /** The customer's review of a booking: the token comes in the review request and with the booking. */
  review: {
    pattern: '/review/:code',
    to: (code: string, token?: string) => withQuery(`/review/${encodeURIComponent(code)}`, { token }),
  },
  paymentSuccess: { pattern: '/payment-success', to: () => '/payment-success' },
  paymentCancel: { pattern: '/payment-cancel', to: () => '/payment-cancel' },
  sandboxCheckout: {
    pattern: '/sandbox/checkout/:sessionId',
    to: (sessionId: string) => `/sandbox/checkout/${encodeURIComponent(sessionId)}`,
  },
  /** The policies pages: cancellation and refunds, terms of service, privacy notice. */
  policy: { pattern: '/policies/:policy', to: (policy: PolicyName) => `/policies/${policy}` },
  admin: { pattern: '/admin', to: () => '/admin' },
  devMailbox: { pattern: '/dev/mailbox', to: () => '/dev/mailbox' },
} as const;

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * A `redirectTo` as a path of this site, or undefined: anything that could lead elsewhere (another
 * origin, `//host`, a backslash some browsers read as a slash, a scheme) is ignored.
 * The path is checked again once normalised: `/.//evil.example` and `/..//evil.example` become
 * `//evil.example`, which a browser reads as another host.
 */
export function safeRedirect(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value)) return undefined;
  const base = 'http://barrio.invalid';
  const url = new URL(value, base);
  if (url.origin !== base) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path.startsWith('//') || new URL(path, base).origin !== base) return undefined;
  return path;
}
