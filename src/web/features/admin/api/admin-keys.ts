/** Query keys of the admin dashboard; a mutation invalidates `all` so the cards and lists agree. */
export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  vendors: (q: string, limit: number) => ['admin', 'vendors', { q, limit }] as const,
  unreadablePhones: ['admin', 'unreadable-phones'] as const,
  customers: (q: string, limit: number) => ['admin', 'customers', { q, limit }] as const,
  windows: (vendorProfileId: string) => ['admin', 'windows', vendorProfileId] as const,
  bookings: (filters: Record<string, string>, limit: number) =>
    ['admin', 'bookings', { filters, limit }] as const,
  booking: (id: string) => ['admin', 'booking', id] as const,
};
