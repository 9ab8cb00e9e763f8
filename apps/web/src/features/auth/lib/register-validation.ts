import { register } from '@cowcare/contract/routes/auth';
import { joinFarm } from '@cowcare/contract/routes/staff';
import type { MessageKey } from '@cowcare/locales/catalog';
import { checkString, objectRules, type FieldProblem } from '../../../lib/schema-check';
import type { RegisterInput } from '../api/register';

/** Client-side checks of the register form: the contract's body limits plus the password confirmation. */
export type RegisterField = Exclude<keyof RegisterInput, 'language'>;
export type RegisterFormField = RegisterField | 'confirmPassword' | 'agree' | 'invitationCode';

/** The fields a farm's own registration needs and joining with an invitation code does not: its farm's. */
const FARM_FIELDS: readonly RegisterField[] = ['country', 'FarmNumber', 'city'];

export const REGISTER_FIELDS: readonly RegisterField[] = [
  'username',
  'password',
  'name',
  'phone',
  'country',
  'FarmNumber',
  'city',
];

const rules = objectRules<RegisterField>(register.body);
const joinRules = objectRules<'invitationCode'>(joinFarm.body);

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

export type RegisterValues = Record<RegisterField | 'confirmPassword' | 'invitationCode', string> & {
  agree: boolean;
};

/** A filled invitation code means joining that code's farm: its farm number, country and city apply. */
export const isJoining = (values: Pick<RegisterValues, 'invitationCode'>): boolean =>
  values.invitationCode.trim() !== '';

export function checkRegisterForm(values: RegisterValues): Partial<Record<RegisterFormField, FieldProblem>> {
  const problems: Partial<Record<RegisterFormField, FieldProblem>> = {};
  const joining = isJoining(values);
  if (joining) {
    const problem = checkString(joinRules.rule('invitationCode'), values.invitationCode.trim(), {
      required: true,
      patternMessage: 'validation.pattern.invitationCode',
    });
    if (problem) problems.invitationCode = problem;
  }
  for (const field of REGISTER_FIELDS) {
    if (joining && FARM_FIELDS.includes(field)) continue;
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
