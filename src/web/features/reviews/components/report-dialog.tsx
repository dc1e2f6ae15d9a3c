import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type PublicReview,
  REVIEW_REPORT_REASON_MAX,
  reviewReasonSchema,
} from '../../../../shared/review.schemas.ts';
import { FormField, fieldErrorProps } from '../../../components/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useReportReview } from '../api/use-vendor-reviews.ts';

/**
 * Report a review (decision 066): anybody says why, and an admin looks at it; the review stays as it is
 * meanwhile. 202 closes the dialog with "Thanks, an admin will look at it"; a refusal is said in the
 * dialog, which keeps the reason typed.
 */
export function ReportDialog({
  review,
  onClose,
  onReported,
  restoreFocus,
}: {
  review: Pick<PublicReview, 'id' | 'author'>;
  onClose: () => void;
  onReported: (id: string) => void;
  /** Focus goes back to the Report button (or its review, once reported) when the dialog closes. */
  restoreFocus: () => void;
}) {
  const { t } = useTranslation();
  const field = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const report = useReportReview();

  const failure = (error: Error) => {
    if (!(error instanceof ApiError) || error.status === 0) return t('reviews.report.failed');
    if (error.status === 429) return t('reviews.report.tooMany');
    if (error.status === 404) return t('reviews.report.gone');
    return error.status === 400 ? t('reviews.report.reasonRequired') : t('reviews.report.failed');
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={t('reviews.report.title')}
        description={t('reviews.report.description')}
        closeLabel={t('reviews.report.cancel')}
        // The reason is what the dialog asks for: the cursor starts there, not on the close button.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          field.current?.focus();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          restoreFocus();
        }}
      >
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            // The server's own rule (reviewReasonSchema), checked before sending.
            const parsed = reviewReasonSchema.safeParse({ reason });
            if (!parsed.success) {
              setFieldError(t('reviews.report.reasonRequired'));
              field.current?.focus();
              return;
            }
            report.mutate(
              { id: review.id, reason: parsed.data.reason },
              {
                onSuccess: () => {
                  toast.success(t('reviews.report.done'));
                  onReported(review.id);
                  onClose();
                },
              },
            );
          }}
        >
          <FormField id={fieldId} label={t('reviews.report.reason')} error={fieldError} required>
            <textarea
              id={fieldId}
              ref={field}
              rows={4}
              required
              maxLength={REVIEW_REPORT_REASON_MAX}
              value={reason}
              {...fieldErrorProps(fieldError, fieldId)}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setFieldError(undefined);
                report.reset();
              }}
              className="w-full rounded-xl border border-stone-300 bg-white px-4 py-3 text-base text-stone-900 shadow-xs placeholder:text-stone-500 focus:border-brand-700 focus:outline-none focus-visible:outline-2 aria-invalid:border-red-600"
            />
          </FormField>
          {report.error ? (
            <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
              {failure(report.error)}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={onClose}>
              {t('reviews.report.cancel')}
            </Button>
            <Button type="submit" disabled={report.isPending} aria-busy={report.isPending}>
              {report.isPending ? t('reviews.report.sending') : t('reviews.report.send')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
