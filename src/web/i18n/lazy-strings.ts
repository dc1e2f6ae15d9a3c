import type { Language } from './i18n.ts';
import { i18n } from './i18n.ts';

// Each feature's strings, in both languages, load with the screens that show them (decision 020):
// a visitor's first page downloads only the strings it needs. Routes name theirs in
// app/router.tsx (`withStrings`); a lazily loaded component calls loadStrings before it renders.

type Bundle = Record<Language, object>;

const loaders = {
  auth: () => import('./auth.ts').then((m): Bundle => ({ en: m.authEn, 'es-MX': m.authEsMX })),
  bookings: () =>
    import('./bookings.ts').then((m): Bundle => ({ en: m.bookingsEn, 'es-MX': m.bookingsEsMX })),
  vendor: () => import('./vendor.ts').then((m): Bundle => ({ en: m.vendorEn, 'es-MX': m.vendorEsMX })),
  admin: () => import('./admin.ts').then((m): Bundle => ({ en: m.adminEn, 'es-MX': m.adminEsMX })),
  payments: () =>
    import('./payments.ts').then((m): Bundle => ({ en: m.paymentsEn, 'es-MX': m.paymentsEsMX })),
  contacts: () =>
    import('./contacts.ts').then((m): Bundle => ({ en: m.contactsEn, 'es-MX': m.contactsEsMX })),
  whatsapp: () =>
    import('./whatsapp.ts').then((m): Bundle => ({ en: m.whatsappEn, 'es-MX': m.whatsappEsMX })),
} satisfies Record<string, () => Promise<Bundle>>;

export type StringsName = keyof typeof loaders;
export const stringsNames = Object.keys(loaders) as StringsName[];

const loading = new Map<StringsName, Promise<void>>();

/** Adds the named features' strings to i18next (once each); resolves when they can be shown. */
export function loadStrings(names: readonly StringsName[]): Promise<void> {
  return Promise.all(
    names.map((name) => {
      let pending = loading.get(name);
      if (!pending) {
        pending = loaders[name]().then((bundle) => {
          for (const [language, strings] of Object.entries(bundle))
            i18n.addResourceBundle(language, 'translation', { [name]: strings }, true, true);
        });
        // A failed download (offline) may be retried by the next navigation.
        pending.catch(() => loading.delete(name));
        loading.set(name, pending);
      }
      return pending;
    }),
  ).then(() => undefined);
}

/** A route's `lazy` that also loads the strings its screen shows. */
export function withStrings<T>(names: readonly StringsName[], load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadStrings(names)]).then(([module]) => module);
}
