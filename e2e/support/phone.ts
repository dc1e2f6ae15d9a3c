import type { BrowserContextOptions } from '@playwright/test';

/** The phone every journey runs on (product §1: mobile first): an iPhone 12–15 sized screen. */
export const phone = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
  timezoneId: 'America/Mexico_City',
} satisfies BrowserContextOptions;
