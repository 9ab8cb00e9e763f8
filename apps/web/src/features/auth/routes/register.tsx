import { useTranslation } from 'react-i18next';
import { Title } from '@mantine/core';
import { AuthLayout } from '../components/auth-layout';
import { RegisterForm } from '../components/register-form';

export function RegisterRoute() {
  const { t } = useTranslation();
  return (
    <AuthLayout>
      <Title order={2} size="h3" mb="md">
        {t('auth.register.title')}
      </Title>
      <RegisterForm />
    </AuthLayout>
  );
}
