import 'i18next';
import type { en } from '@cowcare/locales/en';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
    keySeparator: false;
    nsSeparator: false;
    returnNull: false;
  }
}
