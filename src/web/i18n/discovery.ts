// The discovery screens' strings (Home, the public directory, the public vendor profile,
// offline notice), kept apart so that several people can add screens at once. Wording follows the
// spec where it gives one (product §2, §8). en.ts and es-MX.ts include them under `discovery`.

export const discoveryEn = {
  home: {
    featuredTitle: 'Featured vendors',
    featuredEmpty: 'No featured vendors yet.',
    seeAll: 'See all',
    loadError: 'Failed to load vendors',
    recentTitle: 'Recent Activity',
    recentSignedOut: 'Sign in to see your recent bookings',
    signIn: 'Sign In',
  },
  directory: {
    signIn: 'Sign In',
    loadError: 'Failed to load vendors. Please try again.',
  },
  // A vendor's rating on the cards and the profile: the average of its real reviews, one decimal,
  // with their count; "New" while there are none (ARCHITECTURE §12: nothing invented).
  rating: {
    count: '({{count}})',
    reviews_one: '{{count}} review',
    reviews_other: '{{count}} reviews',
    reviews_many: '{{count}} reviews',
    label_one: '{{average}} out of 5, {{count}} review',
    label_other: '{{average}} out of 5, {{count}} reviews',
    label_many: '{{average}} out of 5, {{count}} reviews',
    new: 'New',
    newLabel: 'New on Barrio, no ratings yet',
  },
  // How soon a vendor usually answers, measured (the profile, the booking confirmation).
  responseTime: {
    minutes_one: 'about a minute',
    minutes_other: 'about {{count}} minutes',
    minutes_many: 'about {{count}} minutes',
    hours_one: 'about an hour',
    hours_other: 'about {{count}} hours',
    hours_many: 'about {{count}} hours',
    days_one: 'about a day',
    days_other: 'about {{count}} days',
    days_many: 'about {{count}} days',
  },
  profile: {
    back: 'Back to vendors',
    signIn: 'Sign In',
    loading: 'Loading vendor profile…',
    // The booking form's box (features/bookings/lazy-booking-form.tsx), shown before the form and its
    // strings have loaded.
    bookTitle: 'Book a service',
    loadingBookingForm: 'Loading the booking form…',
    seeServices: 'See Services',
    verified: 'Verified',
    // Decision 097: a booking that fits is confirmed at once and paid right away.
    instantBooking: 'Instant booking',
    // What Barrio measured of the vendor's bookings; each left out while there is too little.
    promises: {
      label: 'Track record',
      answers: 'Usually answers in {{time}}',
      completion: 'Completes {{percent}}% of confirmed bookings',
    },
    tabsLabel: 'Vendor details',
    tabs: { about: 'About', services: 'Services', reviews: 'Reviews' },
    about: {
      bio: 'About',
      noBio: 'This vendor has not written a description yet.',
      experience: 'Experience',
      experienceYears_one: '{{count}} year',
      experienceYears_other: '{{count}} years',
      experienceUnknown: 'Not given',
      languages: 'Languages',
      areas: 'Service areas',
      certifications: 'Certifications',
      verification: 'Verification',
      verifiedText: 'Verified by Barrio',
      notVerifiedText: 'Not verified yet',
      none: 'None listed',
    },
    services: {
      title: 'Services',
      empty: 'This vendor has not listed any services yet.',
      price: 'Price',
      duration: 'Duration',
      minutes: '{{minutes}} min',
      hours: '{{hours}} h',
      hoursMinutes: '{{hours}} h {{minutes}} min',
      where: 'Where',
      whereCustomer: 'At your address',
      whereVendor: 'At the vendor’s place',
      whereOnline: 'Online',
      book: 'Book this',
      bookLabel: 'Book {{name}}',
    },
    reviews: {
      title: 'Reviews',
      empty: 'No reviews yet',
      emptyText: 'Reviews appear here once customers have booked and rated this vendor.',
      loading: 'Loading reviews…',
    },
    signUp: {
      title: 'New to Barrio?',
      text: 'Create a free account to keep track of your bookings and get recommendations from people you know.',
      action: 'Create account',
    },
    notFound: {
      title: 'Vendor Not Found',
      text: 'This vendor does not exist or is no longer listed. The link may be out of date.',
      signIn: 'Sign In',
      browse: 'Browse vendors',
    },
    notFoundToast: 'Vendor not found',
    loadError: 'Failed to load vendor profile.',
    retry: 'Try again',
    similarTitle: 'Similar vendors',
    // The portfolio gallery under the header (decision 074's photos).
    gallery: {
      title: 'Portfolio',
      photos: 'Portfolio photos, swipe to see more',
      photoAlt: 'Photo {{number}} of the work of {{name}}',
      position: 'Photo {{number}} of {{count}}',
      previous: 'Previous photo',
      next: 'Next photo',
    },
    similarError: 'Failed to load similar vendors.',
    // Decision 048: what the owner and admins read on a profile that is not public yet.
    underReview: {
      title: 'Under review: this page is not public yet',
      text: 'Only the vendor and Barrio’s admins can see it. It appears in searches and takes bookings once an admin approves it.',
      rejectedTitle: 'Not approved: this page is not public',
      rejectedText: 'Only the vendor and Barrio’s admins can see it. The vendor dashboard says why.',
      bookings: 'Bookings open once the profile is approved.',
    },
  },
  offline: {
    text: 'You are offline. Barrio will load new information when the connection is back.',
  },
};
