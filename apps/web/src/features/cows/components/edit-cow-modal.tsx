import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Cow } from '@cowcare/contract/cow-schemas';
import type { User } from '@cowcare/contract/schemas';
import { DEFAULT_TEMPERATURE_OFFSET_CELSIUS } from '@cowcare/domain/constants';
import { refusalText } from '../../../lib/error-message';
import { localToday } from '../../../lib/format';
import { mergeNoticeLists } from '../../../lib/notice-lists';
import { useSensorNotices } from '../../../lib/notice-queries';
import { notify } from '../../../lib/notify';
import { useCows } from '../../../lib/api/get-cows';
import { useUpdateCow } from '../api/update-cow';
import { CowIdentityFields } from '../../../components/cows/cow-identity-fields';
import {
  checkCowEdit,
  cowEditTextOf,
  herdIndexOf,
  type CheckedCowEdit,
  type CowEditField,
  type CowEditText,
} from '../../../lib/cow-rules';
import { problemFromServer } from '../../../lib/server-cow-errors';
import { unassignedSensors } from '../lib/unassigned-sensors';

type Problems = Partial<Record<CowEditField, CheckedCowEdit['problems'][number]>>;

/**
 * Edit a cow's identity (spec §1 "edit cow info"): code, sensor, birthday, parity, sex, sire and her
 * temperature offset. Checked as the server checks it; only what changed is sent. The sensor field offers
 * the sensors that reported with no cow wearing them (notice 703), the usual reason to come here.
 */
function EditCowForm({ cow, user, onDone }: { cow: Cow; user: User; onDone: () => void }) {
  const { t } = useTranslation();
  const cows = useCows({ country: user.country, FarmNumber: user.FarmNumber });
  const notices = useSensorNotices(user);
  const update = useUpdateCow();
  const [text, setText] = useState<CowEditText>(() => cowEditTextOf(cow));
  const [problems, setProblems] = useState<Problems>({});
  const [formError, setFormError] = useState<string | null>(null);

  const herd = useMemo(() => cows.data ?? [], [cows.data]);
  const suggestions = useMemo(() => {
    const worn = herdIndexOf(herd).sensors;
    const list = notices.data ? mergeNoticeLists(notices.data.list, notices.data.all) : [];
    return unassignedSensors(list, worn).map(String);
  }, [herd, notices.data]);

  const set = (field: keyof CowEditText, value: string) => {
    setText((previous) => ({ ...previous, [field]: value }));
    setProblems((previous) => ({ ...previous, [field]: undefined }));
  };
  const message = (field: CowEditField) => {
    const problem = problems[field];
    return problem ? t(problem.key, problem.values) : undefined;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = checkCowEdit(text, cow, herd, localToday());
    setProblems(Object.fromEntries(checked.problems.map((problem) => [problem.field, problem])));
    if (!checked.body) return;
    if (Object.keys(checked.body).length === 0) {
      onDone();
      return;
    }
    update.mutate(
      { id: cow.id, body: checked.body },
      {
        onSuccess: (saved) => {
          notify(t('herd.edit.saved', { code: saved.code }), 'success');
          onDone();
        },
        onError: (error) => {
          const problem = problemFromServer(error);
          if (problem && problem.field !== 'status') {
            setProblems({ [problem.field]: { ...problem, field: problem.field } });
          } else {
            setFormError(refusalText(error, t));
          }
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('herd.edit.title', { code: cow.code })}>
      <Stack gap="sm">
        <CowIdentityFields
          text={text}
          onChange={set}
          errorOf={message}
          sensorSuggestions={suggestions}
          sensorDescription={
            suggestions.length > 0 ? t('herd.edit.sensorSuggested') : t('herd.edit.sensorHint')
          }
          parityRequired
        >
          <TextInput
            label={t('herd.edit.tempadd')}
            description={t('herd.edit.tempaddHint', { value: DEFAULT_TEMPERATURE_OFFSET_CELSIUS })}
            inputMode="decimal"
            placeholder={String(DEFAULT_TEMPERATURE_OFFSET_CELSIUS)}
            value={text.tempadd}
            error={message('tempadd')}
            onChange={(event) => set('tempadd', event.currentTarget.value)}
          />
        </CowIdentityFields>
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('herd.edit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The edit form in a dialog; it starts from the cow as she is each time it opens. */
export function EditCowModal({
  cow,
  user,
  opened,
  onClose,
}: {
  cow: Cow;
  user: User;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('herd.edit.title', { code: cow.code })} centered>
      {opened && <EditCowForm cow={cow} user={user} onDone={onClose} />}
    </Modal>
  );
}
