import { categoryLabelsIn } from '../../shared/categories.ts';
import type { adminEn } from './admin.ts';
import type { agendaEn } from './agenda.ts';
import type { authEn } from './auth.ts';
import type { bookingActionsEn } from './booking-actions.ts';
import type { bookingsEn } from './bookings.ts';
import type { calendarFeedEn } from './calendar-feed.ts';
import type { contactsEn } from './contacts.ts';
import { discoveryEn } from './discovery.ts';
import { jobsEn } from './jobs.ts';
import type { paymentsEn } from './payments.ts';
import type { payoutsEn } from './payouts.ts';
import type { photosEn } from './photos.ts';
import type { policiesEn } from './policies.ts';
import type { reviewModerationEn } from './review-moderation.ts';
import type { reviewPageEn } from './review-page.ts';
import type { reviewsEn } from './reviews.ts';
import type { taxProfileEn } from './tax-profile.ts';
import type { vendorEn } from './vendor.ts';
import type { whatsappEn } from './whatsapp.ts';

// The English UI (product §1: the general interface is English). Wording follows the spec exactly where
// it gives one; es-MX.ts must have the same shape (checked by its type). These strings load with the
// app; each feature's own strings load with its screens (i18n.ts `loadStrings`, decision 020).
export const en = {
  discovery: discoveryEn,
  jobs: jobsEn,
  app: {
    name: 'Barrio',
    skipToContent: 'Skip to content',
    notifications: 'Notifications',
    loading: 'Loading…',
    checkingSession: 'Checking your session…',
  },
  phone: { country: 'Country code', placeholder: '55 1234 5678' },
  // The vendor's cancellation policy (decision 095): on the profile, the booking form, the booking
  // page and the dashboard, so with the app's own strings rather than one screen's.
  cancellationPolicy: {
    title: 'Cancellation policy',
    more: 'The policy in full',
    line: 'Cancellation: {{policy}}',
    name: { flexible: 'Flexible', moderate: 'Moderate', strict: 'Strict' },
    short: {
      flexible: 'Free cancellation until 24 hours before.',
      moderate: 'Full refund until 48 hours before, half until 24 hours before.',
      strict: 'Full refund until 72 hours before, none after.',
    },
  },
  // The city's colonias (decision 073): the service-area picker, the colonia filter, the booking address.
  colonias: {
    moreAreas: 'More colonias or a whole alcaldía',
    search: 'Search a colonia',
    searchPlaceholder: 'Narvarte, 03020…',
    searchHint: 'Type its name or its postal code.',
    results: 'Colonias found',
    found_one: '{{count}} colonia found',
    found_other: '{{count}} colonias found',
    found_many: '{{count}} colonias found',
    noneFound: 'No colonia of Mexico City matches “{{text}}”.',
    add: 'Add {{area}}, {{alcaldia}}',
    chosen: 'Other service areas',
    remove: 'Remove {{area}}',
    alcaldia: 'Add a whole alcaldía (all its colonias)',
    alcaldiaPlaceholder: 'Choose an alcaldía',
    otherColonia: 'Or search all of Mexico City',
    chosenColonia: 'Colonia: {{area}}',
    postalCodeFirst: 'Enter the postal code to see its colonias.',
    postalCodeUnknown: 'No colonia of Mexico City has the postal code {{code}}.',
    postalCodeNotServed: 'This vendor does not serve the colonias of {{code}}. They serve: {{areas}}.',
  },
  nav: {
    label: 'Main',
    vendors: 'Vendors',
    jobs: 'Jobs',
    admin: 'Admin',
  },
  // The policies' names and the lines that link them (product §2.23): the page footer shows
  // them on every page, so they load with the app; the policies' text is the lazy `policies` strings.
  legal: {
    label: 'Legal',
    cancellation: 'Cancellation policy',
    terms: 'Terms of service',
    privacy: 'Privacy notice',
    bookingConsent:
      'By requesting you accept the <cancellation>cancellation policy</cancellation>, the <terms>terms</terms> and the <privacy>privacy notice</privacy>.',
    signupConsent:
      'By signing up you accept the <terms>Terms</terms> and the <privacy>Privacy notice</privacy>.',
    newTab: '(The links open in a new tab.)',
    readPrivacy: 'Read our privacy notice',
  },
  language: {
    // The switch shows the other language's name, written in that language.
    switchTo: 'Español',
    switchToLabel: 'Cambiar el idioma a español',
  },
  screens: {
    home: 'Find Services',
    browseVendors: 'Browse Vendors',
    jobs: 'Job History',
    profile: 'My Profile',
    settings: 'Settings',
    whatsappTesting: 'WhatsApp Testing',
    whatsappStatus: 'WhatsApp Status',
    auth: 'Sign In',
    vendor: 'Vendor',
    publicVendor: 'Vendor Profile',
    directory: 'All Vendors',
    vendorAuth: 'Vendor Access',
    vendorSignup: 'Vendor Signup',
    vendorDashboard: 'Vendor Dashboard',
    vendorConfirm: 'Booking Confirmation',
    paymentSuccess: 'Payment Successful',
    paymentCancel: 'Payment Not Completed',
    admin: 'Admin Dashboard',
  },
  notFound: {
    code: '404',
    title: 'Page not found',
    text: 'We could not find the page you were looking for.',
    home: 'Go home',
  },
  routeError: {
    title: 'Something went wrong',
    text: 'Please reload the page and try again.',
    reload: 'Reload',
  },
  home: {
    subtitle: 'Trusted local pros across Mexico City',
    profile: 'My Profile',
    browseAllTitle: 'Browse all vendors',
    browseAllText: 'Cleaners, trainers, tutors, pet sitters and more near you.',
  },
  search: {
    label: 'Search vendors',
    placeholder: 'Search services or vendors',
    // Decision 024: shorter search text is not sent.
    tooShort: 'Type at least {{min}} characters to search.',
    suggestions: {
      label: 'Suggestions',
      categories: 'Categories',
      colonias: 'Neighborhoods',
      vendors: 'Vendors',
    },
  },
  categories: {
    label: 'Categories',
    all: 'All',
    // The labels of the one taxonomy (src/shared/categories.ts, decision 050).
    ...categoryLabelsIn('en'),
  },
  browse: {
    // product §2: '{n} vendor(s) found', written grammatically per number.
    count_one: '{{count}} vendor found',
    count_other: '{{count}} vendors found',
    // Spanish has a third plural form (a million and up); English never picks it.
    count_many: '{{count}} vendors found',
    // More than VENDOR_COUNT_CAP match: the count stops there.
    countCapped: '{{count}}+ vendors found',
    results: 'Vendors',
    loading: 'Loading vendors…',
    loadMore: 'Load More Vendors',
    empty: 'No vendors found',
    emptyHint: 'Try another search or category.',
    emptyHintFilters: 'Try removing a filter, or another search or category.',
    clearFilters: 'Clear Filters',
    // The filters panel under the search box, and a chip for each filter applied.
    filters: {
      toggle: 'Filters',
      // After the button's name, for the badge that shows the number alone.
      active_one: '({{count}} active)',
      active_other: '({{count}} active)',
      active_many: '({{count}} active)',
      panel: 'Filter vendors',
      colonia: 'Colonia',
      anyColonia: 'Any colonia',
      price: 'Price per service (MXN)',
      priceFrom: 'From',
      priceTo: 'To',
      priceOrder: 'The lowest price must not be above the highest.',
      availableOn: 'Available on',
      availableOnHint: 'Today to {{days}} days ahead.',
      verified: 'Verified only',
      apply: 'Apply Filters',
      cancel: 'Cancel',
      chips: 'Active filters',
      remove: 'Remove filter: {{label}}',
      priceRange: '{{min}} – {{max}}',
      priceMin: 'From {{min}}',
      priceMax: 'Up to {{max}}',
      availableChip: 'Available {{day}}',
      verifiedChip: 'Verified only',
    },
    // The order of the list: relevance (today's, newest first without a search) or best rated.
    sort: {
      label: 'Sort by',
      relevance: 'Relevance',
      rating: 'Best rated',
    },
    errorTitle: 'Error',
    errorText: 'Failed to load vendors. Please try again.',
    retry: 'Try again',
  },
  vendorCard: {
    photoAlt: 'Photo of {{name}}',
    verified: 'Verified',
    instantBooking: 'Instant booking',
    area: 'Area',
    tags: 'Highlights',
    price: 'Price',
    contactForPricing: 'Contact for pricing',
    quickBook: 'Quick Book',
    quickBookLabel: 'Quick Book with {{name}}',
  },
};

export type Translations = ShapeOf<typeof en>;

/** The strings that load with their screens (i18n.ts `loadStrings`). */
export interface LazyTranslations {
  auth: typeof authEn;
  bookings: typeof bookingsEn;
  vendor: typeof vendorEn;
  admin: typeof adminEn;
  payments: typeof paymentsEn;
  contacts: typeof contactsEn;
  whatsapp: typeof whatsappEn;
  policies: typeof policiesEn;
  payouts: typeof payoutsEn;
  reviews: typeof reviewsEn;
  reviewPage: typeof reviewPageEn;
  reviewModeration: typeof reviewModerationEn;
  photos: typeof photosEn;
  calendarFeed: typeof calendarFeedEn;
  taxProfile: typeof taxProfileEn;
  agenda: typeof agendaEn;
  bookingActions: typeof bookingActionsEn;
}

/** Every key t() may name: checked by i18next.d.ts. */
export type AllTranslations = typeof en & LazyTranslations;

/** The same keys with any string values: what another language must provide, no more, no less. */
type ShapeOf<T> = { [K in keyof T]: T[K] extends string ? string : ShapeOf<T[K]> };
