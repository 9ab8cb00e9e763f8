import { useState } from 'react';
import { Alert, Anchor, Badge, Button, FileButton, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Cow } from '@cowcare/contract/cow-schemas';
import { refusalText } from '../../lib/error-message';
import { localToday } from '../../lib/format';
import { addCow } from '../../lib/api/add-cow';
import { cowsQueryPrefix } from '../../lib/api/get-cows';
import { herdIndexOf } from '../../lib/cow-rules';
import { checkCsv, CSV_HEADER, type CsvCheck } from '../../lib/csv-import';
import { problemFromServer } from '../../lib/server-cow-errors';

type RowResult = { kind: 'imported'; cow: Cow } | { kind: 'refused'; message: string } | { kind: 'notSent' };

const SAMPLE = `${CSV_HEADER}\nC1001,40001,2022-03-15,1,설정대기\nC1002,1201,2021-11-02,2,발정탐지\nC1003,,2023-01-20,0,\n`;

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
 * Cows from a CSV file (`code,sensor,birthday,parity,status`), read in the browser. Every row is checked
 * with the server's rules first; a file with any bad row imports nothing. A good file is sent cow by cow
 * and the report shows each row's result; a refusal from the server stops the import there.
 */
export function CsvImport({ cows }: { cows: readonly Cow[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [source, setSource] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const [check, setCheck] = useState<CsvCheck | null>(null);
  const [results, setResults] = useState<Record<number, RowResult>>({});
  const [running, setRunning] = useState(false);
  const [finished, setFinished] = useState<'done' | 'stopped' | null>(null);

  const examine = (text: string, name: string) => {
    setSource(name);
    setResults({});
    setFinished(null);
    setCheck(checkCsv(text, herdIndexOf(cows), localToday()));
  };

  const onFile = async (file: File | null) => {
    if (!file) return;
    examine(await readText(file), file.name);
  };

  const runImport = async () => {
    if (!check?.ok || !check.valid) return;
    setRunning(true);
    const next: Record<number, RowResult> = {};
    let stopped = false;
    for (const row of check.rows) {
      if (stopped || !row.body) {
        next[row.line] = { kind: 'notSent' };
        continue;
      }
      try {
        next[row.line] = { kind: 'imported', cow: await addCow(row.body) };
      } catch (error) {
        const problem = problemFromServer(error);
        next[row.line] = {
          kind: 'refused',
          message: problem ? t(problem.key, problem.values) : refusalText(error, t),
        };
        stopped = true;
      }
      setResults({ ...next });
    }
    setResults(next);
    setRunning(false);
    setFinished(stopped ? 'stopped' : 'done');
    await queryClient.invalidateQueries({ queryKey: cowsQueryPrefix });
  };

  const imported = Object.values(results).filter((result) => result.kind === 'imported').length;
  return (
    <Stack gap="sm">
      <Text size="sm">{t('setup.csv.intro')}</Text>
      <Text size="xs" c="dimmed" ff="monospace">
        {CSV_HEADER}
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
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${SAMPLE}`)}`}
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
              color={finished === 'stopped' ? 'red' : 'green'}
              variant="light"
              role="status"
              title={source ?? undefined}
            >
              {finished === 'done'
                ? t('setup.csv.importedAll', { count: imported })
                : finished === 'stopped'
                  ? t('setup.csv.stopped', { count: imported, total: check.rows.length })
                  : t('setup.csv.allValid', { count: check.rows.length })}
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
          <Table striped withTableBorder verticalSpacing={4} fz="sm" aria-label={t('setup.csv.reportLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('setup.csv.line')}</Table.Th>
                <Table.Th>{t('herd.add.code')}</Table.Th>
                <Table.Th>{t('setup.csv.result')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {check.rows.map((row) => {
                const result = results[row.line];
                return (
                  <Table.Tr key={row.line} data-testid="csv-row" data-line={row.line}>
                    <Table.Td>{row.line}</Table.Td>
                    <Table.Td>{row.code || '—'}</Table.Td>
                    <Table.Td>
                      {row.problems.length > 0 ? (
                        <Stack gap={2}>
                          {row.problems.map((problem) => (
                            <Text key={`${problem.field}-${problem.key}`} size="xs" c="red">
                              {t(`setup.csv.column.${problem.field}`)}: {t(problem.key, problem.values)}
                            </Text>
                          ))}
                        </Stack>
                      ) : result?.kind === 'imported' ? (
                        <Badge color="green" variant="light" tt="none">
                          {t('setup.csv.rowImported')}
                        </Badge>
                      ) : result?.kind === 'refused' ? (
                        <Text size="xs" c="red">
                          {t('setup.csv.rowRefused', { message: result.message })}
                        </Text>
                      ) : result?.kind === 'notSent' ? (
                        <Text size="xs" c="dimmed">
                          {t('setup.csv.rowNotSent')}
                        </Text>
                      ) : (
                        <Badge color="gray" variant="light" tt="none">
                          {t('setup.csv.rowValid')}
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Stack>
  );
}
