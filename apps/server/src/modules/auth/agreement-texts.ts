import type { LanguageKey } from '@cowcare/contract/schemas';
import { AGREEMENTS } from './agreements';

export type AgreementKind = 'service' | 'privacy';

export const AGREEMENTS_UPDATED_AT = '2026-11-01';

/** The agreement in the asked language, or in English where it has not been written in that language. */
export const agreementText = async (kind: AgreementKind, lang: LanguageKey) => {
  const localized = AGREEMENTS[kind][lang];
  const text = localized ?? AGREEMENTS[kind].en;
  return { kind, lang: localized ? lang : ('en' as const), ...text, updatedAt: AGREEMENTS_UPDATED_AT };
};
