import { useState } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { errorMessageKey } from '../../lib/error-message';
import { notify } from '../../lib/notify';

/**
 * Saving a record: the failure is shown under the form, in the user's language; for a validation failure
 * the server's own sentence is added, since it names the field.
 */
export function useRecordSubmit(onSaved: () => void) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  return {
    error,
    clear: () => setError(null),
    fail: (message: string) => setError(message),
    run<Body, Data>(mutation: UseMutationResult<Data, Error, Body>, body: Body) {
      setError(null);
      mutation.mutate(body, {
        onSuccess: () => {
          notify('herd.record.saved', 'success');
          onSaved();
        },
        onError: (failure) => {
          const text = t(errorMessageKey(failure));
          setError(
            isApiError(failure) && failure.status === 400 && failure.message
              ? `${text} (${failure.message})`
              : text,
          );
        },
      });
    },
  };
}

export function SubmitRow({
  submit,
  pending,
}: {
  submit: ReturnType<typeof useRecordSubmit>;
  pending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {submit.error && (
        <Alert color="red" variant="light" role="alert">
          {submit.error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button type="submit" loading={pending}>
          {t('herd.record.save')}
        </Button>
      </Group>
    </>
  );
}
