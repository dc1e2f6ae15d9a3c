import 'i18next';
import type { AllTranslations } from './en.ts';

// Typed keys: t('browse.loadMore') is checked against the English resources.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: AllTranslations };
  }
}
