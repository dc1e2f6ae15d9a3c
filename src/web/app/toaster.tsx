import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster as SonnerToaster, toast } from 'sonner';
import { toasterMounted } from '../lib/toast.ts';

/** The one Toaster, loaded with sonner on the first toast (lib/toast.ts). */
export default function Toaster() {
  const { t } = useTranslation();
  // Effects run child first: sonner's Toaster subscribes before this tells lib/toast.ts it is ready.
  useEffect(() => toasterMounted(toast), []);
  return (
    <SonnerToaster
      position="top-center"
      closeButton
      duration={5000}
      containerAriaLabel={t('app.notifications')}
    />
  );
}
