import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  COW_TYPE_MAX_COST,
  COW_TYPE_NAME_MAX_LENGTH,
  type CowType,
} from '@cowcare/contract/routes/cow-types';
import type { User } from '@cowcare/contract/schemas';
import type { Wallet } from '@cowcare/contract/routes/wallet';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { EditIcon, MapPinIcon, PlusIcon, TagIcon, TrashIcon } from '../../../components/icons';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths, withQuery } from '../../../config/paths';
import { errorMessageKey } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/format';
import { currentLanguage, LANGUAGES } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useUser } from '../../../lib/session';
import { useDeleteCowType } from '../api/delete-cow-type';
import { useCowTypes } from '../../../lib/api/get-cow-types';
import { useWallet } from '../../../lib/api/get-wallet';
import { useSaveCowType } from '../api/save-cow-type';
import { toMajorUnits, toMinorUnits } from '../lib/money-input';

interface Money {
  format: (minor: number) => string;
  currency: string;
  digits: number;
}

function useMoney(wallet: Wallet | undefined): Money {
  const { i18n } = useTranslation();
  const bcp47 = LANGUAGES[currentLanguage(i18n)].bcp47;
  const currency = wallet?.currency ?? 'KRW';
  const digits = wallet?.currencyDigits ?? 0;
  return { currency, digits, format: (minor) => formatMoney(minor, currency, digits, bcp47) };
}

function TypeEditor({
  user,
  type,
  money,
  onClose,
}: {
  user: User;
  type: CowType | null;
  money: Money;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveCowType();
  const [name, setName] = useState(type?.name ?? '');
  const [cost, setCost] = useState<number | string>(type ? toMajorUnits(type.costnb, money.digits) : 0);
  const [problems, setProblems] = useState<{ name?: string; cost?: string }>({});
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const minor = toMinorUnits(cost, money.digits);
    const found = {
      name: trimmed === '' ? t('validation.required') : undefined,
      cost:
        minor === null || minor > COW_TYPE_MAX_COST
          ? t('herd.types.costInvalid', { max: money.format(COW_TYPE_MAX_COST) })
          : undefined,
    };
    setProblems(found);
    if (found.name || found.cost || minor === null) return;
    setError(null);
    save.mutate(
      { FarmNumber: user.FarmNumber, ...(type ? { id: type.id } : {}), name: trimmed, costnb: minor },
      {
        onSuccess: () => {
          notify('herd.types.saved', 'success');
          onClose();
        },
        onError: (failure) => setError(t(errorMessageKey(failure))),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('herd.types.name')}
          required
          maxLength={COW_TYPE_NAME_MAX_LENGTH}
          value={name}
          error={problems.name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setProblems((current) => ({ ...current, name: undefined }));
            setError(null);
          }}
          data-autofocus
        />
        <NumberInput
          label={t('herd.types.cost', { currency: money.currency })}
          description={t('herd.types.costHint')}
          min={0}
          decimalScale={money.digits}
          allowNegative={false}
          thousandSeparator=","
          value={cost}
          error={problems.cost}
          onChange={(value) => {
            setCost(value);
            setProblems((current) => ({ ...current, cost: undefined }));
          }}
        />
        {type && (
          <Text size="xs" c="dimmed">
            {t('herd.types.costChangeNote')}
          </Text>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('herd.types.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CowTypes({ user }: { user: User }) {
  const { t } = useTranslation();
  const types = useCowTypes(user.FarmNumber);
  const wallet = useWallet(user.id);
  const money = useMoney(wallet.data);
  const remove = useDeleteCowType();
  const [editing, setEditing] = useState<CowType | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CowType | null>(null);

  if (types.isPending) return <PageLoader />;
  if (types.isError) return <QueryError error={types.error} onRetry={() => void types.refetch()} />;
  const list = types.data.types;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('herd.types.intro')}
        </Text>
        <Button size="xs" leftSection={<PlusIcon size={14} />} onClick={() => setEditing('new')}>
          {t('herd.types.add')}
        </Button>
      </Group>
      {list.length === 0 && (
        <EmptyState icon={<TagIcon />} title={t('herd.types.emptyTitle')} body={t('herd.types.emptyBody')} />
      )}
      {list.map((type) => (
        <Card key={type.id} withBorder padding="sm" data-testid="cow-type">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Text fw={600}>{type.name}</Text>
              <Text size="sm" c="dimmed">
                {t('herd.types.countLine', { count: type.count })} ·{' '}
                {type.costnb > 0
                  ? t('herd.assign.perCow', { cost: money.format(type.costnb) })
                  : t('herd.types.free')}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                component={Link}
                to={withQuery(paths.system.chooseLocation, { for: 'pen', id: type.id })}
                variant="subtle"
                aria-label={t('location.setPen', { name: type.name })}
              >
                <MapPinIcon size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={t('herd.types.edit', { name: type.name })}
                onClick={() => setEditing(type)}
              >
                <EditIcon size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('herd.types.delete', { name: type.name })}
                onClick={() => setDeleting(type)}
              >
                <TrashIcon size={16} />
              </ActionIcon>
            </Group>
          </Group>
        </Card>
      ))}
      <Card withBorder padding="sm" bg="gray.0" data-testid="cow-type-uncategorized">
        <Stack gap={0}>
          <Text fw={600}>{t('herd.types.uncategorized')}</Text>
          <Text size="sm" c="dimmed">
            {t('herd.types.countLine', { count: types.data.uncategorized.count })}
          </Text>
        </Stack>
      </Card>
      {wallet.isError && (
        <Text size="xs" c="dimmed">
          {t('herd.types.currencyUnknown')}
        </Text>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' || editing === null ? t('herd.types.addTitle') : t('herd.types.editTitle')}
        centered
      >
        {editing !== null && (
          <TypeEditor
            user={user}
            type={editing === 'new' ? null : editing}
            money={money}
            onClose={() => setEditing(null)}
          />
        )}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('herd.types.deleteTitle', { name: deleting?.name ?? '' })}
        message={t('herd.types.deleteMessage', { count: deleting?.count ?? 0 })}
        confirmLabel={t('herd.types.deleteConfirm')}
        danger
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              notify('herd.types.deleted', 'success');
            },
            onError: (failure) => {
              setDeleting(null);
              notify(errorMessageKey(failure), 'error');
            },
          });
        }}
      />
    </Stack>
  );
}

/** Cow types (levsyt): the farm's categories with their cow counts and costs per cow. */
export function LevsytRoute() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <Page title={t('pages.levsyt')} back backTo={paths.home}>
      {user ? <CowTypes user={user} /> : <PageLoader />}
    </Page>
  );
}
