import { ERROR_CODES } from '@cowcare/contract/errors';
import { isApiError } from './api-client';
import type { NewCowField, RuleProblem } from './cow-rules';
import { fieldOfPath, ruleMessageKey } from './field-labels';

const FIELDS: readonly NewCowField[] = [
  'code',
  'sensor',
  'birthday',
  'parity',
  'status',
  'lastCalving',
  'lastInsemination',
  'inseminationMethod',
  'inseminationSire',
  'pregnancyCheck',
];

/**
 * The field a refusal of news/news/add/addcowsinfo is about, as a translated problem. The server tells
 * conflicts apart only by their message (both are E_CONFLICT), so the message is read here; anything not
 * recognised returns null and the caller shows the server's own sentence.
 */
export function problemFromServer(error: unknown): RuleProblem | null {
  if (!isApiError(error)) return null;
  if (error.code === ERROR_CODES.conflict) {
    if (/\bcode\b/i.test(error.message)) return { field: 'code', key: 'herd.rules.codeTaken' };
    if (/\bsensor\b/i.test(error.message)) {
      const code = /worn by cow (\S+)/i.exec(error.message)?.[1];
      return code
        ? { field: 'sensor', key: 'herd.rules.sensorTaken', values: { code } }
        : { field: 'sensor', key: 'herd.rules.sensorInUse' };
    }
    return null;
  }
  if (error.code === ERROR_CODES.validation) {
    if (/birthday/i.test(error.message) && /future/i.test(error.message)) {
      return { field: 'birthday', key: 'herd.rules.birthdayFuture' };
    }
    for (const detail of error.details) {
      const named = fieldOfPath(detail.path);
      const field = FIELDS.find((candidate) => candidate === named);
      if (field) return { field, key: ruleMessageKey(detail.rule) ?? 'validation.invalid' };
    }
    const named = FIELDS.find((field) => new RegExp(`\\b${field}\\b`, 'i').test(error.message));
    if (named) return { field: named, key: 'validation.invalid' };
  }
  return null;
}
