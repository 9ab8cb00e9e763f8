import { Value } from '@sinclair/typebox/value';
import { isDetailedNoticeCode, NOTICE_DETAILS_SCHEMAS } from '@cowcare/contract/notice-details';

/**
 * Where a notice's stored values differ from what the contract gives its code (names, types, required
 * ones): the app reads them by those names, so an empty list means it can show them.
 */
export const detailsProblems = (notice: { code: number; details: unknown } | undefined): string[] => {
  if (!notice) return ['no notice'];
  const { code, details } = notice;
  return isDetailedNoticeCode(code)
    ? [...Value.Errors(NOTICE_DETAILS_SCHEMAS[code], details)].map(
        (error) => `${error.path} ${error.message}`,
      )
    : [`the contract gives ${code} no details`];
};
