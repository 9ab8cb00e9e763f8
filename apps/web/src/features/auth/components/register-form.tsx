import { useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ERROR_CODES } from '@cowcare/contract/errors';
import type { Session } from '@cowcare/contract/schemas';
import type { MessageKey } from '@cowcare/locales/catalog';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { errorMessageKey } from '../../../lib/error-message';
import { landingAfterLogin } from '../../../lib/welcome';
import { currentLanguage, LANGUAGES } from '../../../lib/i18n';
import { useJoinFarm } from '../api/join-farm';
import { useRegister } from '../api/register';
import { AgreementLinks } from './agreement-links';
import { countryOptions } from '../lib/countries';
import { problemsFromDetails, type FieldProblem } from '../../../lib/schema-check';
import {
  checkRegisterForm,
  constraintsOf,
  isJoining,
  REGISTER_FIELDS,
  type RegisterFormField,
  type RegisterValues,
} from '../lib/register-validation';

const emptyValues: RegisterValues = {
  username: '',
  password: '',
  confirmPassword: '',
  name: '',
  phone: '',
  country: '',
  FarmNumber: '',
  city: '',
  agree: false,
  invitationCode: '',
};

/** The refusals of an invitation code, shown at its field. */
const INVITATION_REFUSALS = [
  ERROR_CODES.invitationUnknown,
  ERROR_CODES.invitationUsed,
  ERROR_CODES.invitationExpired,
] as const;

type Problems = Partial<Record<RegisterFormField, FieldProblem>>;

export function RegisterForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const registerMutation = useRegister();
  const joinMutation = useJoinFarm();
  const [searchParams] = useSearchParams();
  // A link with `?invite=CODE` fills the code in.
  const [values, setValues] = useState<RegisterValues>(() => ({
    ...emptyValues,
    invitationCode: searchParams.get('invite') ?? '',
  }));
  const joining = isJoining(values);
  const [problems, setProblems] = useState<Problems>({});
  const [formError, setFormError] = useState<MessageKey | null>(null);
  const language = currentLanguage(i18n);
  const countries = useMemo(() => countryOptions(LANGUAGES[language].bcp47), [language]);

  const set = (field: keyof RegisterValues, value: string | boolean) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setProblems((previous) => ({ ...previous, [field]: undefined }));
  };

  const errorOf = (field: RegisterFormField) => {
    const problem = problems[field];
    return problem ? t(problem.key, problem.values) : undefined;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = checkRegisterForm(values);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const person = {
      username: values.username.trim(),
      password: values.password,
      name: values.name.trim(),
      phone: values.phone.trim(),
      language,
    };
    const handlers = {
      // A new farmer meets the welcome: what CowCare watches for and how far the farm's setup has come.
      onSuccess: (session: Session) => void navigate(landingAfterLogin(session.user.id), { replace: true }),
      onError: (error: Error) => {
        for (const code of INVITATION_REFUSALS) {
          if (isApiError(error, code)) {
            setProblems({ invitationCode: { key: `errors.${code}` } });
            return;
          }
        }
        if (isApiError(error, ERROR_CODES.usernameTaken)) {
          setProblems({ username: { key: 'errors.E_USERNAME_TAKEN' } });
          return;
        }
        if (isApiError(error, ERROR_CODES.farmNumberTaken)) {
          setProblems({ FarmNumber: { key: 'errors.E_FARM_NUMBER_TAKEN' } });
          return;
        }
        if (isApiError(error, ERROR_CODES.validation) && error.details.length > 0) {
          const fromServer: Problems = problemsFromDetails(error.details, REGISTER_FIELDS);
          if (Object.keys(fromServer).length > 0) {
            setProblems(fromServer);
            return;
          }
        }
        if (isApiError(error, ERROR_CODES.upgradeRequired)) return;
        setFormError(errorMessageKey(error));
      },
    };
    if (joining) {
      joinMutation.mutate({ ...person, invitationCode: values.invitationCode.trim() }, handlers);
      return;
    }
    registerMutation.mutate(
      { ...person, country: values.country, FarmNumber: values.FarmNumber.trim(), city: values.city.trim() },
      handlers,
    );
  };

  const text = (
    field: 'username' | 'name' | 'phone' | 'FarmNumber' | 'city',
    label: MessageKey,
    extra = {},
  ) => (
    <TextInput
      label={t(label)}
      required
      value={values[field]}
      maxLength={constraintsOf(field).maxLength}
      error={errorOf(field)}
      onChange={(event) => set(field, event.currentTarget.value)}
      {...extra}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('auth.register.title')}>
      <Stack gap="sm">
        <TextInput
          label={t('auth.register.invitationCode')}
          description={t('auth.register.invitationCodeHint')}
          value={values.invitationCode}
          maxLength={32}
          autoCapitalize="characters"
          autoComplete="off"
          error={errorOf('invitationCode')}
          onChange={(event) => set('invitationCode', event.currentTarget.value)}
        />
        {text('username', 'auth.register.username', {
          autoComplete: 'username',
          autoCapitalize: 'none',
          description: t('auth.register.usernameHint'),
        })}
        <PasswordInput
          label={t('auth.register.password')}
          required
          autoComplete="new-password"
          description={t('validation.minLength', { min: constraintsOf('password').minLength ?? 0 })}
          value={values.password}
          error={errorOf('password')}
          onChange={(event) => set('password', event.currentTarget.value)}
          visibilityToggleButtonProps={{ 'aria-label': t('auth.login.togglePassword') }}
        />
        <PasswordInput
          label={t('auth.register.confirmPassword')}
          required
          autoComplete="new-password"
          value={values.confirmPassword}
          error={errorOf('confirmPassword')}
          onChange={(event) => set('confirmPassword', event.currentTarget.value)}
          visibilityToggleButtonProps={{ 'aria-label': t('auth.login.togglePassword') }}
        />
        {text('name', 'auth.register.name', { autoComplete: 'name' })}
        {text('phone', 'auth.register.phone', { autoComplete: 'tel', inputMode: 'tel' })}
        {joining ? (
          <Text size="sm" c="dimmed">
            {t('auth.register.joiningFarm')}
          </Text>
        ) : (
          <>
            <NativeSelect
              label={t('auth.register.country')}
              required
              value={values.country}
              error={errorOf('country')}
              onChange={(event) => set('country', event.currentTarget.value)}
              data={[{ value: '', label: t('auth.register.chooseCountry') }, ...countries]}
            />
            {text('FarmNumber', 'auth.register.farmNumber', {
              autoCapitalize: 'characters',
              description: t('auth.register.farmNumberHint'),
            })}
            {text('city', 'auth.register.city', { autoComplete: 'address-level2' })}
          </>
        )}
        <Checkbox
          label={t('auth.login.readAndAgree')}
          checked={values.agree}
          error={errorOf('agree')}
          onChange={(event) => set('agree', event.currentTarget.checked)}
        />
        <AgreementLinks />
        {formError && (
          <Alert color="red" role="alert" variant="light">
            {t(formError)}
          </Alert>
        )}
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={registerMutation.isPending || joinMutation.isPending}
        >
          {t(joining ? 'auth.register.submitJoin' : 'auth.register.submit')}
        </Button>
        <Group justify="center" gap={4}>
          <Text size="sm" c="dimmed">
            {t('auth.register.haveAccount')}
          </Text>
          <Anchor component={Link} to={paths.login.login} size="sm">
            {t('auth.register.toLogin')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
