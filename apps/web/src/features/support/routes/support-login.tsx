import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { api } from '@cowcare/contract/api';
import { errorMessage } from '../support-error';
import { saveSupportToken, supportCall } from '../api/support-client';
import { SUPPORT_PATHS } from '../support-paths';

/** The console's own sign-in: support accounts only (a farm user's login is refused by the server). */
export function SupportLoginRoute() {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { token } = await supportCall(api.admin.login, { body: { username, password } });
      saveSupportToken(token);
      void navigate(SUPPORT_PATHS.inbox, { replace: true });
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder maw={420} mx="auto" mt="xl" component="main">
      <form onSubmit={(event) => void submit(event)}>
        <Stack>
          <Title order={1} size="h3">
            CowCare support console
          </Title>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="Username"
            required
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            autoComplete="username"
          />
          <PasswordInput
            label="Password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="current-password"
          />
          <Button type="submit" loading={busy}>
            Sign in
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
