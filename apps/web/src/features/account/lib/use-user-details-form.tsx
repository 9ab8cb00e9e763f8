import { useState, type ReactNode } from 'react';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { updateUser } from '@cowcare/contract/routes/user';
import { ERROR_CODES } from '@cowcare/contract/errors';
import type { User } from '@cowcare/contract/schemas';
import type { MessageKey } from '@cowcare/locales/catalog';
import { isApiError } from '../../../lib/api-client';
import { errorMessageKey } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { checkString, objectRules, problemsFromDetails, type FieldProblem } from '../../../lib/schema-check';
import { useUpdateUser } from '../api/update-user';

/** The details of PUT user/user that a user types in. */
export type UserDetail = 'name' | 'phone' | 'city' | 'avatar';

const rules = objectRules<UserDetail>(updateUser.body);

interface DetailInput {
  label: MessageKey;
  hint?: MessageKey;
  patternMessage?: MessageKey;
  props: { autoComplete?: string; inputMode?: 'tel' | 'url' };
}

const INPUTS: Record<UserDetail, DetailInput> = {
  name: { label: 'account.profile.name', props: { autoComplete: 'name' } },
  phone: {
    label: 'account.profile.phone',
    patternMessage: 'validation.pattern.phone',
    props: { autoComplete: 'tel', inputMode: 'tel' },
  },
  city: { label: 'account.profile.city', props: { autoComplete: 'address-level2' } },
  avatar: {
    label: 'account.profile.avatar',
    hint: 'account.profile.avatarHint',
    patternMessage: 'validation.pattern.avatar',
    props: { inputMode: 'url' },
  },
};

export interface UserDetailsFormOptions<F extends UserDetail> {
  /** In the order they are shown. */
  fields: readonly F[];
  /** May be left empty, and an empty one is not sent; every other field is required. */
  optional?: readonly F[];
  /** Marks the required fields' labels: the setup wizard asks for them the first time. */
  markRequired?: boolean;
}

/**
 * The state, checks and save of a form over some of the user's details, shared by the setup wizard's
 * farm step and the profile. The form lays out `inputs` and decides when to `validate` and `save`.
 */
export function useUserDetailsForm<F extends UserDetail>(
  user: User,
  { fields, optional = [], markRequired = false }: UserDetailsFormOptions<F>,
) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const [values, setValues] = useState(
    () => Object.fromEntries(fields.map((field) => [field, user[field]])) as Record<F, string>,
  );
  const [problems, setProblems] = useState<Partial<Record<F, FieldProblem>>>({});
  const [formError, setFormError] = useState<MessageKey | null>(null);
  const isRequired = (field: F) => !optional.includes(field);

  /** Shows what the contract refuses in each field; true when nothing is. */
  const validate = (): boolean => {
    setFormError(null);
    const found: Partial<Record<F, FieldProblem>> = {};
    for (const field of fields) {
      const problem = checkString(rules.rule(field), values[field], {
        required: isRequired(field),
        patternMessage: INPUTS[field].patternMessage,
      });
      if (problem) found[field] = problem;
    }
    setProblems(found);
    return Object.keys(found).length === 0;
  };

  const save = (onSaved?: () => void) => {
    const details: Partial<Record<UserDetail, string>> = {};
    for (const field of fields) {
      const value = values[field].trim();
      if (value !== '' || isRequired(field)) details[field] = value;
    }
    update.mutate(
      { id: user.id, ...details },
      {
        onSuccess: () => {
          notify('account.profile.saved', 'success');
          onSaved?.();
        },
        onError: (error) => {
          if (isApiError(error, ERROR_CODES.validation)) {
            const fromServer = problemsFromDetails(error.details, fields);
            if (Object.keys(fromServer).length > 0) {
              setProblems(fromServer);
              return;
            }
          }
          setFormError(errorMessageKey(error));
        },
      },
    );
  };

  const inputs: ReactNode[] = fields.map((field) => {
    const problem = problems[field];
    const { label, hint, props } = INPUTS[field];
    return (
      <TextInput
        key={field}
        label={t(label)}
        description={hint ? t(hint) : undefined}
        required={markRequired && isRequired(field)}
        value={values[field]}
        maxLength={rules.rule(field).maxLength}
        error={problem ? t(problem.key, problem.values) : undefined}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setValues((previous) => ({ ...previous, [field]: value }));
          setProblems((previous) => ({ ...previous, [field]: undefined }));
        }}
        {...props}
      />
    );
  });

  return {
    values,
    inputs,
    formError,
    /** Every field, trimmed, is what the user has already. */
    unchanged: fields.every((field) => values[field].trim() === user[field]),
    saving: update.isPending,
    validate,
    save,
  };
}
