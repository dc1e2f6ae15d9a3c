import { type Browser, expect } from '@playwright/test';
import { demo, freshClientAddress } from './auth.ts';

/**
 * Decision 048: a vendor who signed up is public, and takes bookings, once an admin approves it.
 * Journeys about something else approve their vendor through the API as the demo admin.
 */
export async function approveVendor(browser: Browser, baseURL: string, vendorProfileId: string) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL, 'X-Forwarded-For': freshClientAddress() },
  });
  try {
    const signIn = await context.request.post('/api/auth/sign-in/email', {
      data: { email: demo.admin, password: demo.password },
    });
    expect(signIn.status()).toBe(200);
    const review = await context.request.post(`/api/admin/vendors/${vendorProfileId}/review`, {
      data: { decision: 'approve' },
    });
    expect(review.status()).toBe(200);
  } finally {
    await context.close();
  }
}
