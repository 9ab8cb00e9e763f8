import { useState } from 'react';
import { Alert, Anchor, Badge, Button, FileButton, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { addDays } from '@cowcare/domain/calendar-date';
import { refusalText } from '../../lib/error-message';
import { FIELD_LABELS } from '../../lib/field-labels';
import { formatDate, localToday } from '../../lib/format';
import { currentLanguage, LANGUAGES } from '../../lib/i18n';
import { importCows } from '../../lib/api/add-cow';
import { cowsQueryPrefix } from '../../lib/api/get-cows';
import { herdIndexOf } from '../../lib/cow-rules';
import {
  checkCsv,
  CSV_HEADER,
  CSV_OPTIONAL_COLUMNS,
  type CsvCheck,
  type CsvRowReport,
} from '../../lib/csv-import';
import { isApiError } from '../../lib/api-client';
import { problemFromServer } from '../../lib/server-cow-errors';

type Outcome = { kind: 'imported' } | { kind: 'refused'; message: string; line: number | null };

/** A sample with a cow of each kind of start: plain, in heat detection, pregnant and suckling. */
function sampleFile(today: string): string {
  const day = (days: number) => addDays(today, days);
  return [
    `${CSV_HEADER},${Object.keys(CSV_OPTIONAL_COLUMNS).join(',')}`,
    'C1001,40001,2022-03-15,1,설정대기,,,,,',
    'C1002,1201,2021-11-02,2,발정탐지,,,,,',
    `C1003,,2020-01-20,3,임신,${day(-300)},${day(-90)},AI,KPN1180,${day(-50)}`,
    `C1004,,2019-05-02,4,포유,${day(-20)},,,,`,
    '',
  ].join('\n');
}

async function readText(file: File): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });
}

/**
 * Cows from a CSV file (`code,sensor,birthday,parity,status` and, for a cow that joins mid-season, the
 * optional columns of her last calving, insemination and pregnancy check), read in the browser. Every row is
 * checked with the server's rules and the preview shows, per row, what will be written or what is wrong;
 * nothing is sent before the farmer confirms. The import is all or nothing (one transaction on the server):
 * a file half in the farm would leave the farmer to find which rows are in, and importing the corrected
 * file again would then fail on the codes already there.
 */
export function CsvImport({ cows }: { cows: readonly Cow[] }) {
  const { t, i18n } = useTranslation();
  const bcp47 = LANGUAGES[currentLanguage(i18n)].bcp47;
  const queryClient = useQueryClient();
  const [source, setSource] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const [check, setCheck] = useState<CsvCheck | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [running, setRunning] = useState(false);

  const examine = (text: string, name: string) => {
    setSource(name);
    setOutcome(null);
    setCheck(checkCsv(text, herdIndexOf(cows), localToday()));
  };

  const onFile = async (file: File | null) => {
    if (!file) return;
    examine(await readText(file), file.name);
  };

  const runImport = async () => {
    if (!check?.ok || !check.valid) return;
    const bodies = check.rows.flatMap((row) => (row.body ? [row.body] : []));
    setRunning(true);
    try {
      await importCows({ cows: bodies });
      setOutcome({ kind: 'imported' });
    } catch (error) {
      // The server names the row it refused by its index in the list sent (body.cows.<index>.<field>).
      const index = isApiError(error)
        ? error.details.map((detail) => /^body\.cows\.(\d+)/.exec(detail.path)?.[1]).find(Boolean)
        : undefined;
      const row = index === undefined ? undefined : check.rows[Number(index)];
      // The same words as the check before: the field's label and what is wrong with it.
      const problem = problemFromServer(error);
      const message = problem
        ? `${t(FIELD_LABELS[problem.field])}: ${t(problem.key, problem.values)}`
        : refusalText(error, t);
      setOutcome({ kind: 'refused', message, line: row?.line ?? null });
    } finally {
      setRunning(false);
    }
    await queryClient.invalidateQueries({ queryKey: cowsQueryPrefix });
  };

  const date = (day: string) => formatDate(day, bcp47);
  const writes = (row: CsvRowReport): string[] => {
    const body = row.body;
    if (!body) return [];
    const parts: string[] = [];
    if (body.lastCalving) parts.push(t('setup.csv.writes.calving', { date: date(body.lastCalving) }));
    if (body.lastInsemination) {
      parts.push(t('setup.csv.writes.insemination', { date: date(body.lastInsemination) }));
    }
    if (body.pregnancyCheck) parts.push(t('setup.csv.writes.check', { date: date(body.pregnancyCheck) }));
    if (row.dates?.expectedCalving) {
      parts.push(t('setup.csv.writes.expectedCalving', { date: date(row.dates.expectedCalving) }));
    }
    if (row.dates?.expectedEstrus) {
      parts.push(t('setup.csv.writes.expectedEstrus', { date: date(row.dates.expectedEstrus) }));
    }
    return parts;
  };
  const statusOf = (row: CsvRowReport): string => (row.status ? t(`herd.status.${row.status}`) : '—');

  const finished = outcome?.kind ?? null;
  return (
    <Stack gap="sm">
      <Text size="sm">{t('setup.csv.intro')}</Text>
      <Text size="xs" c="dimmed" ff="monospace">
        {CSV_HEADER}
      </Text>
      <Text size="xs" c="dimmed">
        {t('setup.csv.optional', { columns: Object.keys(CSV_OPTIONAL_COLUMNS).join(', ') })}
      </Text>
      <Group gap="xs">
        <FileButton onChange={(file) => void onFile(file)} accept=".csv,text/csv,text/plain">
          {(props) => (
            <Button {...props} variant="light" disabled={running}>
              {t('setup.csv.choose')}
            </Button>
          )}
        </FileButton>
        <Anchor
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${sampleFile(localToday())}`)}`}
          download="cows.csv"
          size="sm"
        >
          {t('setup.csv.sample')}
        </Anchor>
      </Group>
      <Textarea
        label={t('setup.csv.paste')}
        autosize
        minRows={2}
        maxRows={8}
        value={pasted}
        onChange={(event) => setPasted(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button
          variant="default"
          size="xs"
          disabled={pasted.trim() === '' || running}
          onClick={() => examine(pasted, t('setup.csv.pastedText'))}
        >
          {t('setup.csv.check')}
        </Button>
      </Group>

      {check && !check.ok && (
        <Alert color="red" variant="light" role="alert" title={source ?? undefined}>
          {t(check.fileProblem, check.values)}
        </Alert>
      )}
      {check?.ok && (
        <Stack gap="xs" data-testid="csv-report">
          {check.valid ? (
            <Alert
              color={finished === 'refused' ? 'red' : 'green'}
              variant="light"
              role={finished === 'refused' ? 'alert' : 'status'}
              title={source ?? undefined}
            >
              {outcome?.kind === 'imported'
                ? t('setup.csv.importedAll', { count: check.rows.length })
                : outcome?.kind === 'refused'
                  ? `${t('setup.csv.refused')} ${outcome.message}`
                  : `${t('setup.csv.allValid', { count: check.rows.length })} ${t('setup.csv.allOrNothing')}`}
            </Alert>
          ) : (
            <Alert color="red" variant="light" role="alert" title={source ?? undefined}>
              {t('setup.csv.hasProblems', {
                bad: check.rows.filter((row) => row.problems.length > 0).length,
                total: check.rows.length,
              })}
            </Alert>
          )}
          {check.valid && finished === null && (
            <Button onClick={() => void runImport()} loading={running}>
              {t('setup.csv.import', { count: check.rows.length })}
            </Button>
          )}
          <Table.ScrollContainer minWidth={340}>
            <Table
              striped
              withTableBorder
              verticalSpacing={4}
              fz="sm"
              aria-label={t('setup.csv.reportLabel')}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('setup.csv.line')}</Table.Th>
                  <Table.Th>{t('herd.add.code')}</Table.Th>
                  <Table.Th>{t('setup.csv.writes')}</Table.Th>
                  <Table.Th>{t('setup.csv.result')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {check.rows.map((row) => (
                  <Table.Tr key={row.line} data-testid="csv-row" data-line={row.line}>
                    <Table.Td>{row.line}</Table.Td>
                    <Table.Td>{row.code || '—'}</Table.Td>
                    <Table.Td>
                      {/* Her status, then each record and date her records give her. */}
                      <Stack gap={0}>
                        <Text size="sm" fw={500}>
                          {statusOf(row)}
                        </Text>
                        {writes(row).map((part) => (
                          <Text key={part} size="xs">
                            {part}
                          </Text>
                        ))}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      {row.problems.length > 0 ? (
                        <Stack gap={2}>
                          {row.problems.map((problem) => (
                            <Text key={`${problem.field}-${problem.key}`} size="xs" c="red">
                              {t(FIELD_LABELS[problem.field])}: {t(problem.key, problem.values)}
                            </Text>
                          ))}
                        </Stack>
                      ) : outcome?.kind === 'imported' ? (
                        <Badge color="green" variant="light" tt="none">
                          {t('setup.csv.rowImported')}
                        </Badge>
                      ) : outcome?.kind === 'refused' && outcome.line === row.line ? (
                        <Text size="xs" c="red">
                          {t('setup.csv.rowRefused', { message: outcome.message })}
                        </Text>
                      ) : (
                        <Badge color="gray" variant="light" tt="none">
                          {t('setup.csv.rowValid')}
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Stack>
  );
}
