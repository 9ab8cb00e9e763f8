import { AuthLayout } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';

export function LoginRoute() {
  return (
    <AuthLayout>
      <LoginForm />
    </AuthLayout>
  );
}
