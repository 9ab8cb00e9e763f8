import { useState } from 'react';
import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StatementLine } from '@cowcare/contract/routes/wallet';
import { EmptyState } from '../../../components/empty-state';
import { WalletIcon } from '../../../components/icons';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { dateTimeFormat } from '../../../lib/format';
import { useMoneyFormat } from '../../../lib/use-money';
import { useStatement } from '../api/wallet-api';
import { downloadCsv, statementCsv, statementFileName } from '../lib/statement-csv';
import { useLineLabel } from './line-label';

/** This month in UTC (the statement's months are UTC), as YYYY-MM. */
export const currentMonth = (now: Date = new Date()) => now.toISOString().slice(0, 7);

function monthName(month: string, bcp47: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return dateTimeFormat('ym', bcp47, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    Date.UTC(year ?? 1970, (monthNumber ?? 1) - 1, 1),
  );
}

function Line({ line, money, signed, dateTime }: { line: StatementLine } & LineFormat) {
  const label = useLineLabel();
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      py="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {label(line)}
        </Text>
        <Text size="xs" c="dimmed">
          {dateTime(line.createdAt)}
        </Text>
      </Stack>
      <Stack gap={0} align="flex-end">
        <Text fw={700} c={line.amount < 0 ? 'red' : 'green'} style={{ whiteSpace: 'nowrap' }}>
          {signed(line.amount)}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {money(line.balanceAfter)}
        </Text>
      </Stack>
    </Group>
  );
}

type LineFormat = ReturnType<typeof useMoneyFormat>;

/**
 * Usage costs: a month's statement, oldest first with the balance after each line, between its opening and
 * closing balance, and the same as a CSV file.
 */
export function StatementSection({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [month, setMonth] = useState(currentMonth);
  const statement = useStatement(userId, month);
  const format = useMoneyFormat(statement.data?.currency ?? 'USD', statement.data?.currencyDigits ?? 2);
  const label = useLineLabel();

  const title = (
    <Title order={2} size="h5" id="statement-title">
      {t('herd.wallet.usage')}
    </Title>
  );
  if (statement.isPending) return <PageLoader />;
  if (statement.isError) {
    return (
      <Stack gap="xs">
        {title}
        <QueryError error={statement.error} onRetry={() => void statement.refetch()} />
      </Stack>
    );
  }
  const data = statement.data;
  // The month asked for is offered even before it has movements (this month, on a new farm).
  const months = data.months.includes(month) ? data.months : [month, ...data.months].sort().reverse();
  const exportCsv = () => {
    const csv = statementCsv(data, {
      headings: [
        t('wallet.csv.date'),
        t('wallet.csv.kind'),
        t('wallet.csv.description'),
        t('wallet.csv.amount'),
        t('wallet.csv.balanceAfter'),
        t('wallet.csv.currency'),
        t('wallet.csv.order'),
      ],
      kind: label,
    });
    downloadCsv(csv, statementFileName(data.month));
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="statement-title">
      <Group justify="space-between" align="flex-end">
        {title}
        <Group gap="xs" align="flex-end">
          <Select
            size="xs"
            w={170}
            label={t('wallet.statement.month')}
            data={months.map((value) => ({ value, label: monthName(value, format.bcp47) }))}
            value={month}
            onChange={(value) => value && setMonth(value)}
            allowDeselect={false}
          />
          <Button size="xs" variant="default" onClick={exportCsv} disabled={data.lines.length === 0}>
            {t('wallet.statement.export')}
          </Button>
        </Group>
      </Group>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('wallet.statement.opening')}
        </Text>
        <Text size="sm" fw={500} data-testid="statement-opening">
          {format.money(data.openingBalance)}
        </Text>
      </Group>
      {data.lines.length === 0 ? (
        <EmptyState
          icon={<WalletIcon />}
          title={t('wallet.statement.emptyTitle')}
          body={t('wallet.statement.emptyBody')}
        />
      ) : (
        <Stack
          gap={0}
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label={t('herd.wallet.usage')}
        >
          {data.lines.map((line) => (
            <Line key={line.id} line={line} {...format} />
          ))}
        </Stack>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('wallet.statement.closing')}
        </Text>
        <Text size="sm" fw={700} data-testid="statement-closing">
          {format.money(data.closingBalance)}
        </Text>
      </Group>
    </Stack>
  );
}
