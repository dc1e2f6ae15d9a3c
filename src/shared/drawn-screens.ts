// The screens the server draws for a visitor (decision 029), by the lazily loaded modules each needs
// (paths from src/web, as src/web/app/router.tsx loads them: the screen and its strings). The server
// names a drawn page's modules in it (link-previews/first-screen.ts `screenModules`); the service
// worker keeps them all from its install, so that a drawn page read offline can still be taken over
// by the app (scripts/vite-plugins.ts `serviceWorker`, decision 032).
export const drawnScreenModules = {
  browseVendors: ['routes/browse-vendors.tsx'],
  directory: ['routes/public-all-vendors.tsx'],
  vendorProfile: ['routes/public-vendor.tsx', 'i18n/bookings.ts'],
} as const satisfies Record<string, readonly string[]>;
