import { useState } from 'react';
import { Alert, Button, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Cow } from '@cowcare/contract/cow-schemas';
import {
  COW_STATUSES,
  parseStoredStatus,
  storedStatusValue,
  type CowStatus,
} from '@cowcare/domain/cow-status';
import type { MessageKey } from '@cowcare/locales/catalog';
import { BossPasswordModal } from '../../../components/boss-password-modal';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { bossErrorKey } from '../../../lib/boss-password';
import { errorMessageKey } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useChangeCowStatus, type ForceChangeBody } from '../api/change-cow-status';

type Action = ForceChangeBody['action'];

const ACTION_TEXT: Record<
  Action,
  { button: MessageKey; title: MessageKey; message: MessageKey; done: MessageKey }
> = {
  eliminate: {
    button: 'herd.force.eliminate',
    title: 'herd.force.eliminateTitle',
    message: 'herd.force.eliminateMessage',
    done: 'herd.force.eliminated',
  },
  convertToFattening: {
    button: 'herd.force.convert',
    title: 'herd.force.convertTitle',
    message: 'herd.force.convertMessage',
    done: 'herd.force.converted',
  },
  endLactation: {
    button: 'herd.force.endLactation',
    title: 'herd.force.endLactationTitle',
    message: 'herd.force.endLactationMessage',
    done: 'herd.force.lactationEnded',
  },
  forceChange: {
    button: 'herd.force.change',
    title: 'herd.force.changeTitle',
    message: 'herd.force.changeMessage',
    done: 'herd.force.changed',
  },
};

/** Statuses a force change may set: any but culled (eliminate is its own action). */
const FORCEABLE: readonly CowStatus[] = COW_STATUSES.filter((status) => status !== 'culled');

type Step =
  { kind: 'idle' } | { kind: 'confirm'; body: ForceChangeBody } | { kind: 'password'; body: ForceChangeBody };

/**
 * The force-change actions of spec §4: each asks for confirmation (with the spec's texts), then the boss
 * password; the server records who changed what and when.
 */
export function ForceChange({ cow }: { cow: Cow }) {
  const { t } = useTranslation();
  const change = useChangeCowStatus();
  const status = parseStoredStatus(cow.status);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [target, setTarget] = useState<string | null>(null);
  const [bossError, setBossError] = useState<MessageKey | null>(null);
  const [failure, setFailure] = useState<MessageKey | null>(null);

  const start = (body: ForceChangeBody) => {
    setFailure(null);
    setStep({ kind: 'confirm', body });
  };

  const onPassword = (password: string) => {
    if (step.kind !== 'password') return;
    const { body } = step;
    change.mutate(
      { id: cow.id, body, bossPassword: password },
      {
        onSuccess: () => {
          setStep({ kind: 'idle' });
          setTarget(null);
          notify(ACTION_TEXT[body.action].done, 'success');
        },
        onError: (error) => {
          const bossKey = bossErrorKey(error);
          if (bossKey) {
            setBossError(bossKey);
            return;
          }
          setStep({ kind: 'idle' });
          setFailure(errorMessageKey(error));
        },
      },
    );
  };

  if (status === 'culled') {
    return (
      <Alert color="gray" variant="light">
        {t('herd.force.culledNote')}
      </Alert>
    );
  }

  const pending = step.kind === 'idle' ? null : step.body;
  const statusLabel = (value: CowStatus) => t(`herd.status.${value}`);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <Button color="red" variant="light" onClick={() => start({ action: 'eliminate' })}>
          {t('herd.force.eliminate')}
        </Button>
        <Button
          variant="light"
          disabled={status === 'fattening'}
          onClick={() => start({ action: 'convertToFattening' })}
        >
          {t('herd.force.convert')}
        </Button>
        <Button
          variant="light"
          disabled={status !== 'lactation'}
          onClick={() => start({ action: 'endLactation' })}
        >
          {t('herd.force.endLactation')}
        </Button>
      </SimpleGrid>
      <Select
        label={t('herd.force.changeLabel')}
        placeholder={t('herd.force.choose')}
        data={FORCEABLE.filter((value) => value !== status).map((value) => ({
          value: storedStatusValue(value),
          label: statusLabel(value),
        }))}
        value={target}
        onChange={setTarget}
        comboboxProps={{ withinPortal: false }}
      />
      <Button
        variant="default"
        disabled={target === null}
        onClick={() => {
          if (target) {
            start({ action: 'forceChange', status: target as NonNullable<ForceChangeBody['status']> });
          }
        }}
      >
        {t('herd.force.change')}
      </Button>
      {status !== 'lactation' && (
        <Text size="xs" c="dimmed">
          {t('herd.force.endLactationHint')}
        </Text>
      )}
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {t(failure)}
        </Alert>
      )}
      <ConfirmDialog
        opened={step.kind === 'confirm'}
        title={pending ? t(ACTION_TEXT[pending.action].title, { code: cow.code }) : ''}
        message={
          pending
            ? t(ACTION_TEXT[pending.action].message, {
                code: cow.code,
                status: pending.status
                  ? statusLabel(parseStoredStatus(pending.status) ?? 'waitingForSettings')
                  : '',
              })
            : ''
        }
        confirmLabel={pending ? t(ACTION_TEXT[pending.action].button) : ''}
        danger={pending?.action === 'eliminate'}
        onClose={() => setStep({ kind: 'idle' })}
        onConfirm={() => {
          if (step.kind !== 'confirm') return;
          setBossError(null);
          setStep({ kind: 'password', body: step.body });
        }}
      />
      <BossPasswordModal
        opened={step.kind === 'password'}
        pending={change.isPending}
        error={bossError}
        prompt={t('herd.force.bossPrompt')}
        onConfirm={onPassword}
        onClose={() => setStep({ kind: 'idle' })}
      />
    </Stack>
  );
}
