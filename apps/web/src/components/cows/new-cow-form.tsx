import { useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Cow } from '@cowcare/contract/cow-schemas';
import type { CowType } from '@cowcare/contract/routes/cow-types';
import { refusalText } from '../../lib/error-message';
import { localToday } from '../../lib/format';
import { useAddCow, type AddCowInput } from '../../lib/api/add-cow';
import {
  checkNewCow,
  herdIndexOf,
  MATING_METHOD_CODE_LIST,
  NEW_COW_STATUS_VALUES,
  startingDaysOf,
  type CowIdentityText,
  type NewCowField,
  type RuleProblem,
} from '../../lib/cow-rules';
import { matingMethodOf } from '../../lib/dictionary';
import { DateField } from '../records/record-fields';
import { CowIdentityFields } from './cow-identity-fields';
import { problemFromServer } from '../../lib/server-cow-errors';
import { parseStoredStatus } from '@cowcare/domain/cow-status';

const EMPTY: CowIdentityText = {
  code: '',
  sensor: '',
  birthday: '',
  parity: '',
  sex: 'female',
  sireCode: '',
};

/** Where a cow stands when she joins mid-season, as typed; empty means "not given". */
interface StartingText {
  lastCalving: string;
  lastInsemination: string;
  inseminationMethod: string;
  inseminationSire: string;
  pregnancyCheck: string;
}
type StartingTextField = keyof StartingText;

const NO_START: StartingText = {
  lastCalving: '',
  lastInsemination: '',
  inseminationMethod: '',
  inseminationSire: '',
  pregnancyCheck: '',
};

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
  const [text, setText] = useState<CowIdentityText>(EMPTY);
  const [status, setStatus] = useState<string>(NEW_COW_STATUS_VALUES[0] ?? '설정대기');
  const [start, setStart] = useState<StartingText>(NO_START);
  const [typeid, setTypeid] = useState('');
  const [problems, setProblems] = useState<Partial<Record<NewCowField, RuleProblem>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const herd = useMemo(() => herdIndexOf(cows), [cows]);
  const freeTypes = types.filter((type) => type.costnb === 0);
  const suggestions = sensorSuggestions.filter((sensor) => !herd.sensors.has(sensor)).map(String);

  const set = (field: keyof CowIdentityText, value: string) => {
    setText((previous) => ({ ...previous, [field]: value }));
    setProblems((previous) => ({ ...previous, [field]: undefined }));
  };
  const days = startingDaysOf(status);
  const setStartField = (field: StartingTextField, value: string) => {
    setStart((previous) => ({ ...previous, [field]: value }));
    setProblems((previous) => ({ ...previous, [field]: undefined }));
  };
  /** Only the days the chosen status goes with are sent; the others stay typed in case she changes back. */
  const startingInput = (): Partial<StartingText> => ({
    ...(days.includes('lastCalving') ? { lastCalving: start.lastCalving } : {}),
    ...(days.includes('lastInsemination')
      ? {
          lastInsemination: start.lastInsemination,
          inseminationMethod: start.inseminationMethod,
          inseminationSire: start.inseminationSire,
        }
      : {}),
    ...(days.includes('pregnancyCheck') ? { pregnancyCheck: start.pregnancyCheck } : {}),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = checkNewCow({ ...text, status, ...startingInput() }, herd, localToday());
    setProblems(Object.fromEntries(checked.problems.map((problem) => [problem.field, problem])));
    if (!checked.body) return;
    const body: AddCowInput = {
      ...checked.body,
      sex: text.sex,
      ...(text.sireCode.trim() ? { sireCode: text.sireCode.trim() } : {}),
      ...(typeid ? { typeid: Number(typeid) } : {}),
    };
    add.mutate(body, {
      onSuccess: (cow) => {
        setText(EMPTY);
        setStatus(NEW_COW_STATUS_VALUES[0] ?? '설정대기');
        setStart(NO_START);
        onSaved(cow);
      },
      onError: (error) => {
        const problem = problemFromServer(error);
        if (problem) setProblems({ [problem.field]: problem });
        else setFormError(refusalText(error, t));
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
        <CowIdentityFields
          text={text}
          onChange={set}
          errorOf={message}
          sensorSuggestions={suggestions}
          sensorDescription={t('herd.add.sensorHint')}
        >
          <NativeSelect
            label={t('herd.add.status')}
            value={status}
            error={message('status')}
            onChange={(event) => {
              setStatus(event.currentTarget.value);
              // A day the new status does not ask for is no longer a problem of the form.
              setProblems((previous) => ({
                ...previous,
                status: undefined,
                lastCalving: undefined,
                lastInsemination: undefined,
                inseminationMethod: undefined,
                inseminationSire: undefined,
                pregnancyCheck: undefined,
                parity: undefined,
              }));
            }}
            data={NEW_COW_STATUS_VALUES.map((value) => {
              const parsed = parseStoredStatus(value);
              return { value, label: parsed ? t(`herd.status.${parsed}`) : value };
            })}
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
        </CowIdentityFields>
        {days.length > 0 && (
          <Fieldset legend={t('herd.start.title')} variant="filled" p="sm">
            <Text size="xs" c="dimmed" mb="xs">
              {t('herd.start.hint')}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {days.includes('lastCalving') && (
                <DateField
                  label={t('herd.start.lastCalving')}
                  value={start.lastCalving}
                  required={status === '포유'}
                  onChange={(value) => setStartField('lastCalving', value)}
                  error={message('lastCalving')}
                />
              )}
              {days.includes('lastInsemination') && (
                <>
                  <DateField
                    label={t('herd.start.lastInsemination')}
                    value={start.lastInsemination}
                    required
                    onChange={(value) => setStartField('lastInsemination', value)}
                    error={message('lastInsemination')}
                  />
                  <NativeSelect
                    label={t('herd.start.inseminationMethod')}
                    required
                    value={start.inseminationMethod}
                    error={message('inseminationMethod')}
                    onChange={(event) => setStartField('inseminationMethod', event.currentTarget.value)}
                    data={[
                      { value: '', label: t('herd.record.choose') },
                      ...MATING_METHOD_CODE_LIST.map((code) => ({
                        value: code,
                        label: t(`herd.start.method.${matingMethodOf(code) ?? 'natural'}`),
                      })),
                    ]}
                  />
                  <TextInput
                    label={t('herd.start.inseminationSire')}
                    maxLength={32}
                    value={start.inseminationSire}
                    error={message('inseminationSire')}
                    onChange={(event) => setStartField('inseminationSire', event.currentTarget.value)}
                  />
                </>
              )}
              {days.includes('pregnancyCheck') && (
                <DateField
                  label={t('herd.start.pregnancyCheck')}
                  value={start.pregnancyCheck}
                  required
                  onChange={(value) => setStartField('pregnancyCheck', value)}
                  error={message('pregnancyCheck')}
                />
              )}
            </SimpleGrid>
          </Fieldset>
        )}
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
