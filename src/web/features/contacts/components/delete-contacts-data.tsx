import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { errorTextNow } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteContactsData } from '../api/use-contacts.ts';
import { storePermission } from '../contact-sources.ts';

/** Settings → privacy: "Delete my contacts data", after a confirmation. */
export function DeleteContactsData() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const remove = useDeleteContactsData();
  return (
    <div className="mt-3 flex flex-col gap-2 border-t border-stone-200 pt-3">
      <h3 className="font-medium text-stone-900">{t('contacts.settings.deleteTitle')}</h3>
      <p className="text-sm text-stone-700">{t('contacts.settings.deleteText')}</p>
      <Button
        variant="secondary"
        className="self-start"
        disabled={remove.isPending}
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {remove.isPending ? t('contacts.settings.deleting') : t('contacts.settings.delete')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('contacts.settings.confirmTitle')}
        description={t('contacts.settings.confirmText')}
        confirmLabel={t('contacts.settings.confirm')}
        cancelLabel={t('contacts.settings.cancel')}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              storePermission('unknown');
              toast.success(t('contacts.settings.deleted'));
            },
            onError: (err) =>
              toast.error(t('contacts.settings.deleteFailed'), { description: errorTextNow(err) }),
          })
        }
      />
    </div>
  );
}
