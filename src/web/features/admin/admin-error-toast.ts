import type { TFunction } from 'i18next';
import { i18n } from '../../i18n/i18n.ts';
import { errorTextNow } from '../../lib/error-text.ts';
import { toast } from '../../lib/toast.ts';

/**
 * product §8.7: the admin's failure toasts are titled "Error" and say what failed ("Failed to save
 * vendor"), then why, in the admin's language, when the server said why (lib/error-text.ts).
 */
export function adminErrorToast(failed: string, why?: { error: unknown } | { text: string }) {
  const reason = why === undefined ? undefined : 'text' in why ? why.text : errorTextNow(why.error);
  toast.error(i18n.t('admin.toast.errorTitle'), { description: reason ? `${failed}. ${reason}` : failed });
}

/** The same title and text for useErrorToast: a list or a count that did not load. */
export const adminFetchFailed = (t: TFunction) => ({
  title: t('admin.toast.errorTitle'),
  description: t('admin.toast.fetchFailed'),
});
