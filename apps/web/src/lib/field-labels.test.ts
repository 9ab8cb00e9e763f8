import { describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { TSchema } from '@sinclair/typebox';
import { ApiError } from './api-client';
import { refusalText } from './error-message';
import { FIELD_LABELS, fieldOfPath, withFieldLabels } from './field-labels';
import { createI18n } from './i18n';

/** Every field name a body schema has, nested ones by their path (calf.code); a list's items as the list's. */
function fieldsOf(schema: TSchema | undefined, prefix = ''): string[] {
  if (!schema) return [];
  const node = schema as {
    properties?: Record<string, TSchema>;
    anyOf?: TSchema[];
    items?: TSchema;
  };
  const own = Object.entries(node.properties ?? {}).flatMap(([name, child]) => [
    `${prefix}${name}`,
    ...fieldsOf(child, `${prefix}${name}.`),
  ]);
  return [
    ...own,
    ...(node.anyOf ?? []).flatMap((alternative) => fieldsOf(alternative, prefix)),
    ...fieldsOf(node.items, prefix),
  ];
}

const RECORD_ROUTES = [
  ...Object.values(api.reproduction),
  ...Object.values(api.health),
  api.cows.addCow,
  api.cows.updateCow,
  api.cows.importCows,
];

describe('field names in the user’s language', () => {
  const fields = [
    ...new Set(RECORD_ROUTES.flatMap((route) => ('body' in route ? fieldsOf(route.body as TSchema) : []))),
  ];

  it('has a label for every field of the record bodies (reproduction, health, cows)', () => {
    // An import's list is the cows themselves: its items read as the new cow's fields.
    const named = fields.filter((field) => field !== 'cows').map((field) => field.replace(/^cows\./, ''));
    expect(named.length).toBeGreaterThan(40);
    for (const field of named) expect(fieldOfPath(`body.${field}`), field).toBe(field);
  });

  it.each(['en', 'ko', 'ru', 'th'] as const)('gives each field a real label in %s', (language) => {
    const { t } = createI18n(language);
    for (const [field, key] of Object.entries(FIELD_LABELS)) {
      const label = t(key);
      expect(label, field).not.toBe(key);
      expect(label, field).not.toBe(field);
    }
  });

  it('reads the field of a nested and of an import row’s path', () => {
    expect(fieldOfPath('body.calf.code')).toBe('calf.code');
    expect(fieldOfPath('body.cows.3.lastCalving')).toBe('lastCalving');
    expect(fieldOfPath('/diagnosedOn')).toBe('diagnosedOn');
    expect(fieldOfPath('body.nothingKnown')).toBeUndefined();
  });

  it('replaces every field name of a server sentence with its label', () => {
    const { t } = createI18n('en');
    expect(withFieldLabels('prescribedOn must not be before diagnosedOn', t)).toBe(
      '“Prescription date” must not be before “Diagnosis date”',
    );
    expect(withFieldLabels('body.calf.code must match pattern', t)).toBe('“Calf code” must match pattern');
    // A longer name is not read as a shorter one followed by letters.
    expect(withFieldLabels('pregnancyCheckDate must be on or after', t)).toBe(
      '“Pregnancy check date” must be on or after',
    );
  });

  it('says a refusal by the field’s label and its rule, in the user’s language', () => {
    const refusal = new ApiError(400, 'E_VALIDATION', 'estrusAt must not be in the future', [
      { path: 'body.estrusAt', message: 'estrusAt must not be in the future', rule: 'future' },
    ]);
    expect(refusalText(refusal, createI18n('en').t)).toBe(
      'Some of the entered values are not valid. Please check them. Estrus time: Cannot be in the future',
    );
    const korean = refusalText(refusal, createI18n('ko').t);
    expect(korean).not.toContain('estrusAt');
    expect(korean).not.toMatch(/[A-Za-z]{4,}/);
    // Without a rule, the sentence is kept with the field's label in it.
    const plain = new ApiError(400, 'E_VALIDATION', 'diagnosedOn must not be in the future');
    expect(refusalText(plain, createI18n('en').t)).toContain('(“Diagnosis date” must not be in the future)');
  });
});
