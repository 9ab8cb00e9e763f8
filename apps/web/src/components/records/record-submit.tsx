import { useState } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../../lib/error-message';
import { refusedField, type LabelledField } from '../../lib/field-labels';
import { notify } from '../../lib/notify';

interface Refusal {
  text: string;
  /** The field the server refused, when it named one: a change of that field clears the refusal. */
  field?: LabelledField;
}

/**
 * Saving a record: the failure is shown under the form, in the user's language, naming the field by its
 * label (refusalText); correcting that field (`touch`) takes the refusal away.
 */
export function useRecordSubmit(onSaved: () => void) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  return {
    error: refusal?.text ?? null,
    clear: () => setRefusal(null),
    fail: (message: string) => setRefusal({ text: message }),
    /** The user changed `field` (the wire's name): a refusal about it is out of date. */
    touch: (...fields: LabelledField[]) =>
      setRefusal((current) => (current?.field && fields.includes(current.field) ? null : current)),
    run<Body, Data>(mutation: UseMutationResult<Data, Error, Body>, body: Body) {
      setRefusal(null);
      mutation.mutate(body, {
        onSuccess: () => {
          notify('herd.record.saved', 'success');
          onSaved();
        },
        onError: (failure) => {
          const field = refusedField(failure)?.field;
          setRefusal({ text: refusalText(failure, t), ...(field ? { field } : {}) });
        },
      });
    },
  };
}

/**
 * A form's own problems, one per field: shown on a failed save, and each gone as soon as its field changes,
 * so the message never outlives the mistake.
 */
export function useFieldProblems<F extends string>() {
  const [problems, setProblems] = useState<Partial<Record<F, string>>>({});
  return {
    problems,
    show: (found: Partial<Record<F, string | undefined>>) => setProblems(found),
    clear: (field: F) =>
      setProblems((current) => (current[field] === undefined ? current : { ...current, [field]: undefined })),
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
