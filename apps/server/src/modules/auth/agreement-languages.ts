export type { LanguageKey } from '@cowcare/contract/schemas';
