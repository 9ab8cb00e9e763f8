import { api } from '@cowcare/contract/api';
import type { MessageKey } from '@cowcare/locales/catalog';
import { checkString, objectRules, type FieldProblem } from '../../../lib/schema-check';
import type { RegisterInput } from '../api/register';

/** Client-side checks of the register form: the contract's body limits plus the password confirmation. */
export type RegisterField = Exclude<keyof RegisterInput, 'language'>;
export type RegisterFormField = RegisterField | 'confirmPassword' | 'agree';

export const REGISTER_FIELDS: readonly RegisterField[] = [
  'username',
  'password',
  'name',
  'phone',
  'country',
  'FarmNumber',
  'city',
];

const rules = objectRules<RegisterField>(api.auth.register.body);

const patternMessages: Partial<Record<RegisterField, MessageKey>> = {
  username: 'validation.pattern.username',
  phone: 'validation.pattern.phone',
  country: 'validation.pattern.country',
  FarmNumber: 'validation.pattern.farmNumber',
};

export const constraintsOf = (field: RegisterField) => rules.rule(field);

export function checkRegisterField(field: RegisterField, value: string): FieldProblem | null {
  return checkString(rules.rule(field), value, {
    required: rules.isRequired(field),
    patternMessage: patternMessages[field],
  });
}

export type RegisterValues = Record<RegisterField | 'confirmPassword', string> & { agree: boolean };

export function checkRegisterForm(values: RegisterValues): Partial<Record<RegisterFormField, FieldProblem>> {
  const problems: Partial<Record<RegisterFormField, FieldProblem>> = {};
  for (const field of REGISTER_FIELDS) {
    const problem = checkRegisterField(field, values[field]);
    if (problem) problems[field] = problem;
  }
  if (values.confirmPassword === '') problems.confirmPassword = { key: 'validation.required' };
  else if (values.confirmPassword !== values.password) {
    problems.confirmPassword = { key: 'validation.passwordMismatch' };
  }
  if (!values.agree) problems.agree = { key: 'auth.login.mustAgree' };
  return problems;
}
