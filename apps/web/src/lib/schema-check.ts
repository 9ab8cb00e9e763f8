import type { MessageKey } from '@cowcare/locales/catalog';

/**
 * Check form text against the string limits of a contract body schema (minLength, maxLength, pattern),
 * read from the schema object itself so the client never drifts from what the server enforces.
 */
export interface StringRule {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

export interface FieldProblem {
  key: MessageKey;
  values?: Record<string, number>;
}

export interface ObjectRules<Field extends string> {
  rule(field: Field): StringRule;
  isRequired(field: Field): boolean;
}

/** Read the rules of an object schema (a TypeBox `Type.Object`, which is plain JSON Schema). */
export function objectRules<Field extends string>(schema: unknown): ObjectRules<Field> {
  const object = schema as { properties?: Record<string, StringRule>; required?: string[] };
  return {
    rule: (field) => object.properties?.[field] ?? {},
    isRequired: (field) => object.required?.includes(field) ?? false,
  };
}

export function checkString(
  rule: StringRule,
  value: string,
  options: { required: boolean; patternMessage?: MessageKey },
): FieldProblem | null {
  if (value.trim() === '') return options.required ? { key: 'validation.required' } : null;
  if (rule.minLength !== undefined && value.length < rule.minLength) {
    return { key: 'validation.minLength', values: { min: rule.minLength } };
  }
  if (rule.maxLength !== undefined && value.length > rule.maxLength) {
    return { key: 'validation.maxLength', values: { max: rule.maxLength } };
  }
  if (rule.pattern !== undefined && !new RegExp(rule.pattern).test(value)) {
    return { key: options.patternMessage ?? 'validation.invalid' };
  }
  return null;
}

/** Field name at the end of a server validation detail path (`/username`, `body.phone`, …). */
export function fieldOfDetailPath<Field extends string>(path: string, fields: readonly Field[]): Field | null {
  const last = path.split(/[/.]/).filter(Boolean).pop();
  return fields.find((field) => field === last) ?? null;
}
