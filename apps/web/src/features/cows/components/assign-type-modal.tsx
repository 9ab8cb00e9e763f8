import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { UNCATEGORIZED_TYPE_ID, type CowType } from '@cowcare/contract/routes/cow-types';
import type { Wallet } from '@cowcare/contract/routes/wallet';
import type { MessageKey } from '@cowcare/locales/catalog';
import { BossPasswordModal } from '../../../components/boss-password-modal';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-client';
import { bossErrorKey } from '../../../lib/boss-password';
import { errorMessageKey } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/format';
import { currentLanguage, LANGUAGES } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useAssignCowsType } from '../api/assign-cows-type';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The checked cows, as the list has them. */
  cows: readonly Cow[];
  types: readonly CowType[] | undefined;
  typesError: unknown;
  wallet: Wallet | undefined;
  walletError: unknown;
  onAssigned: () => void;
}

/**
 * Cow-type assignment with its cost shown before confirming: the type's cost per cow × the checked cows
 * newly entering it (cows already in the type are not charged again, as the server does), in the farm's
 * currency, next to the wallet balance.
 */
export function AssignTypeModal({
  opened,
  onClose,
  cows,
  types,
  typesError,
  wallet,
  walletError,
  onAssigned,
}: Props) {
  const { t, i18n } = useTranslation();
  const bcp47 = LANGUAGES[currentLanguage(i18n)].bcp47;
  const assign = useAssignCowsType();
  const [typeId, setTypeId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A type that costs money spends the farm's wallet: the boss password first, as for the other money actions.
  const [askingPassword, setAskingPassword] = useState(false);
  const [bossError, setBossError] = useState<MessageKey | null>(null);

  const uncategorized: CowType = {
    id: UNCATEGORIZED_TYPE_ID,
    name: t('herd.types.uncategorized'),
    costnb: 0,
    count: 0,
  };
  const options = [...(types ?? []), uncategorized];
  const chosen = typeId === null ? undefined : options.find((type) => String(type.id) === typeId);
  const entering = chosen
    ? cows.filter((cow) => (cow.typeid ?? UNCATEGORIZED_TYPE_ID) !== chosen.id).length
    : 0;
  const cost = chosen ? chosen.costnb * entering : 0;
  const money = (minor: number) =>
    wallet ? formatMoney(minor, wallet.currency, wallet.currencyDigits, bcp47) : String(minor);
  const short = wallet !== undefined && cost > wallet.balance;

  const close = () => {
    setTypeId(null);
    setError(null);
    setAskingPassword(false);
    assign.reset();
    onClose();
  };

  const confirm = () => {
    if (!chosen) return;
    setError(null);
    if (cost > 0) {
      setBossError(null);
      setAskingPassword(true);
      return;
    }
    run();
  };

  const run = (bossPassword?: string) => {
    if (!chosen) return;
    assign.mutate(
      {
        cowIds: cows.map((cow) => cow.id),
        type: chosen,
        ...(bossPassword === undefined ? {} : { bossPassword }),
      },
      {
        onSuccess: (result) => {
          notify(
            t('herd.assign.done', {
              count: result.moved,
              type: result.typename ?? t('herd.types.uncategorized'),
            }),
            'success',
          );
          setTypeId(null);
          setAskingPassword(false);
          onAssigned();
        },
        onError: (failure) => {
          const bossKey = bossErrorKey(failure);
          if (bossKey && bossPassword !== undefined) {
            setBossError(bossKey);
            return;
          }
          setAskingPassword(false);
          if (isApiError(failure, ERROR_CODES.insufficientBalance)) setError(t('herd.assign.insufficient'));
          else setError(t(errorMessageKey(failure)));
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('herd.assign.title', { count: cows.length })} centered>
      <Stack gap="sm">
        {typesError ? <QueryError error={typesError} /> : null}
        <Select
          label={t('herd.assign.type')}
          placeholder={t('herd.assign.choose')}
          data={options.map((type) => ({
            value: String(type.id),
            label:
              type.costnb > 0
                ? `${type.name} (${t('herd.assign.perCow', { cost: money(type.costnb) })})`
                : type.name,
          }))}
          value={typeId}
          onChange={(value) => {
            setTypeId(value);
            setError(null);
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
        />
        {chosen && (
          <Table withRowBorders={false} verticalSpacing={4} aria-label={t('herd.assign.costTitle')}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>{t('herd.assign.costPerCow')}</Table.Td>
                <Table.Td ta="right">{money(chosen.costnb)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{t('herd.assign.cowsCharged')}</Table.Td>
                <Table.Td ta="right">{entering}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td fw={700}>{t('herd.assign.total')}</Table.Td>
                <Table.Td ta="right" fw={700} data-testid="assign-total">
                  {money(cost)}
                </Table.Td>
              </Table.Tr>
              {wallet && (
                <Table.Tr>
                  <Table.Td>{t('herd.assign.balance')}</Table.Td>
                  <Table.Td ta="right" c={short ? 'red.8' : undefined}>
                    {money(wallet.balance)}
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        )}
        {chosen && entering < cows.length && (
          <Text size="xs" c="dimmed">
            {t('herd.assign.alreadyIn', { count: cows.length - entering })}
          </Text>
        )}
        {walletError ? (
          <Text size="xs" c="dimmed">
            {t('herd.assign.walletUnknown')}
          </Text>
        ) : null}
        {short && !error && (
          <Alert color="orange" variant="light">
            {t('herd.assign.mayBeShort')}
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button onClick={confirm} disabled={!chosen || cows.length === 0} loading={assign.isPending}>
            {cost > 0 ? t('herd.assign.confirmPay', { cost: money(cost) }) : t('herd.assign.confirm')}
          </Button>
        </Group>
      </Stack>
      <BossPasswordModal
        opened={askingPassword}
        pending={assign.isPending}
        error={bossError}
        prompt={t('herd.assign.bossPrompt', { cost: money(cost) })}
        onConfirm={run}
        onClose={() => setAskingPassword(false)}
      />
    </Modal>
  );
}
