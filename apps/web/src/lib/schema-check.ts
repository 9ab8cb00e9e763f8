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

/**
 * The fields a server validation error names (`details` paths like `/username` or `body.phone`), each
 * marked invalid; empty when it names none of them.
 */
export function problemsFromDetails<Field extends string>(
  details: readonly { path: string }[],
  fields: readonly Field[],
): Partial<Record<Field, FieldProblem>> {
  const problems: Partial<Record<Field, FieldProblem>> = {};
  for (const detail of details) {
    const last = detail.path.split(/[/.]/).filter(Boolean).pop();
    const field = fields.find((candidate) => candidate === last);
    if (field) problems[field] = { key: 'validation.invalid' };
  }
  return problems;
}
