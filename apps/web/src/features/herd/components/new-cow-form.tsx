import { useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Autocomplete,
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Cow } from '@cowcare/contract/cow-schemas';
import type { CowType } from '@cowcare/contract/routes/cow-types';
import { isApiError } from '../../../lib/api-client';
import { errorMessageKey } from '../../../lib/error-message';
import { localToday } from '../../../lib/format';
import { useAddCow, type AddCowInput } from '../api/add-cow';
import {
  checkNewCow,
  herdIndexOf,
  NEW_COW_STATUS_VALUES,
  type NewCowField,
  type NewCowText,
  type RuleProblem,
} from '../lib/cow-rules';
import { problemFromServer } from '../lib/server-cow-errors';
import { parseStoredStatus } from '@cowcare/domain/cow-status';

const EMPTY: NewCowText = { code: '', sensor: '', birthday: '', parity: '', status: '' };

interface Props {
  /** The farm's cows (culled too), for the same uniqueness checks as the server. */
  cows: readonly Cow[];
  /** Types a cow may be registered into: free ones only (a type with a cost is charged from the list). */
  types?: readonly CowType[];
  /** Sensor ids to offer (from the setup wizard's sensor step). */
  sensorSuggestions?: readonly number[];
  onSaved: (cow: Cow) => void;
  submitLabel?: string;
}

/** Register one cow; every field is checked as the server checks it, and the server's refusal is shown per field. */
export function NewCowForm({ cows, types = [], sensorSuggestions = [], onSaved, submitLabel }: Props) {
  const { t } = useTranslation();
  const add = useAddCow();
  const [text, setText] = useState<NewCowText>(EMPTY);
  const [sex, setSex] = useState<'female' | 'male'>('female');
  const [sireCode, setSireCode] = useState('');
  const [typeid, setTypeid] = useState('');
  const [problems, setProblems] = useState<Partial<Record<NewCowField, RuleProblem>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const herd = useMemo(() => herdIndexOf(cows), [cows]);
  const freeTypes = types.filter((type) => type.costnb === 0);
  const suggestions = sensorSuggestions.filter((sensor) => !herd.sensors.has(sensor)).map(String);

  const set = (field: NewCowField) => (value: string) => {
    setText((previous) => ({ ...previous, [field]: value }));
    setProblems((previous) => ({ ...previous, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = checkNewCow(text, herd, localToday());
    setProblems(Object.fromEntries(checked.problems.map((problem) => [problem.field, problem])));
    if (!checked.body) return;
    const body: AddCowInput = {
      ...checked.body,
      sex,
      ...(sireCode.trim() ? { sireCode: sireCode.trim() } : {}),
      ...(typeid ? { typeid: Number(typeid) } : {}),
    };
    add.mutate(body, {
      onSuccess: (cow) => {
        setText(EMPTY);
        setSireCode('');
        onSaved(cow);
      },
      onError: (error) => {
        const problem = problemFromServer(error);
        if (problem) setProblems({ [problem.field]: problem });
        else {
          setFormError(
            isApiError(error) && error.status < 500
              ? `${t(errorMessageKey(error))} (${error.message})`
              : t(errorMessageKey(error)),
          );
        }
      },
    });
  };

  const message = (field: NewCowField) => {
    const problem = problems[field];
    return problem ? t(problem.key, problem.values) : undefined;
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('herd.add.formLabel')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('herd.add.code')}
            description={t('herd.add.codeHint')}
            required
            placeholder="C1024"
            value={text.code}
            error={message('code')}
            onChange={(event) => set('code')(event.currentTarget.value.toUpperCase())}
          />
          <Autocomplete
            label={t('herd.add.sensor')}
            description={t('herd.add.sensorHint')}
            inputMode="numeric"
            value={text.sensor}
            data={suggestions}
            error={message('sensor')}
            onChange={set('sensor')}
            comboboxProps={{ withinPortal: false }}
          />
          <TextInput
            type="date"
            label={t('herd.add.birthday')}
            max={localToday()}
            value={text.birthday}
            error={message('birthday')}
            onChange={(event) => set('birthday')(event.currentTarget.value)}
          />
          <TextInput
            label={t('herd.add.parity')}
            inputMode="numeric"
            placeholder="0"
            value={text.parity}
            error={message('parity')}
            onChange={(event) => set('parity')(event.currentTarget.value)}
          />
          <NativeSelect
            label={t('herd.add.status')}
            value={text.status || NEW_COW_STATUS_VALUES[0]}
            error={message('status')}
            onChange={(event) => set('status')(event.currentTarget.value)}
            data={NEW_COW_STATUS_VALUES.map((value) => {
              const status = parseStoredStatus(value);
              return { value, label: status ? t(`herd.status.${status}`) : value };
            })}
          />
          <NativeSelect
            label={t('herd.add.sex')}
            value={sex}
            onChange={(event) => setSex(event.currentTarget.value === 'male' ? 'male' : 'female')}
            data={[
              { value: 'female', label: t('herd.cow.sex.female') },
              { value: 'male', label: t('herd.cow.sex.male') },
            ]}
          />
          <TextInput
            label={t('herd.add.sire')}
            maxLength={32}
            value={sireCode}
            onChange={(event) => setSireCode(event.currentTarget.value)}
          />
          {freeTypes.length > 0 && (
            <NativeSelect
              label={t('herd.add.type')}
              value={typeid}
              onChange={(event) => setTypeid(event.currentTarget.value)}
              data={[
                { value: '', label: t('herd.types.uncategorized') },
                ...freeTypes.map((type) => ({ value: String(type.id), label: type.name })),
              ]}
            />
          )}
        </SimpleGrid>
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending}>
            {submitLabel ?? t('herd.add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
