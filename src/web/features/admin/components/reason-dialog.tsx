import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_MESSAGE_MAX } from '../../../../shared/vendor-review.schemas.ts';
import { FormField } from '../../../components/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';

/**
 * The message a vendor receives with an admin's decision (ask for changes, reject a vendor or its
 * change, hide a customer's review): required, checked by the decision's own schema (`isValid`)
 * before `onSend` gets it. Focus goes back to the button that opened it, while that button is still
 * on the page. A decision with its own limit and wording passes `maxLength`, `requiredText` and
 * `sendLabel`; the vendor review's are the default.
 */
export function ReasonDialog({
  title,
  description,
  label,
  danger,
  pending,
  isValid,
  onSend,
  onClose,
  returnFocus,
  maxLength = REVIEW_MESSAGE_MAX,
  requiredText,
  sendLabel,
}: {
  title: string;
  description: string;
  label: string;
  /** The send button warns (a rejection), or is the plain primary action. */
  danger: boolean;
  pending: boolean;
  isValid: (message: string) => boolean;
  onSend: (message: string) => void;
  onClose: () => void;
  returnFocus: { current: HTMLElement | null };
  maxLength?: number;
  /** Said under the field when `isValid` refuses it. */
  requiredText?: string;
  sendLabel?: string;
}) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={title}
        description={description}
        closeLabel={t('admin.common.cancel')}
        onCloseAutoFocus={(event) => {
          if (returnFocus.current?.isConnected) {
            event.preventDefault();
            returnFocus.current.focus();
          }
        }}
      >
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (isValid(message)) onSend(message);
            else setError(requiredText ?? t('admin.review.messageRequired'));
          }}
        >
          <FormField id={fieldId} label={label} error={error} required>
            <textarea
              id={fieldId}
              rows={4}
              required
              maxLength={maxLength}
              value={message}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fieldId}-error` : undefined}
              onChange={(event) => {
                setMessage(event.currentTarget.value);
                setError(undefined);
              }}
              className="w-full rounded-xl border border-stone-300 bg-white px-4 py-3 text-base text-stone-900 shadow-xs placeholder:text-stone-500 focus:border-brand-700 focus:outline-none focus-visible:outline-2"
            />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={onClose}>
              {t('admin.common.cancel')}
            </Button>
            <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={pending}>
              {pending ? t('admin.review.sending') : (sendLabel ?? t('admin.review.send'))}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
