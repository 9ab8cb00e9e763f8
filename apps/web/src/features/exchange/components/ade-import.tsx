import { useState } from 'react';
import { Alert, Button, FileButton, Group, List, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ADE_IMPORT_MAX_BYTES,
  type AdeCounts,
  type AdeFile,
  type AdePreview,
  type AdeProblem,
  type AdeReason,
} from '@cowcare/contract/routes/exchange';
import type { MessageKey } from '@cowcare/locales/catalog';
import { isApiError } from '../../../lib/api-client';
import { refusalText } from '../../../lib/error-message';
import { cowsQueryPrefix } from '../../../lib/api/get-cows';
import { importAde, previewAdeImport } from '../api/exchange';

const REASON_KEYS: Readonly<Record<AdeReason, MessageKey>> = {
  schemaViolation: 'exchange.reason.schemaViolation',
  unknownResourceType: 'exchange.reason.unknownResourceType',
  unknownAnimal: 'exchange.reason.unknownAnimal',
  duplicateAnimal: 'exchange.reason.duplicateAnimal',
  noCowCode: 'exchange.reason.noCowCode',
  duplicateCowCode: 'exchange.reason.duplicateCowCode',
  cowCodeTaken: 'exchange.reason.cowCodeTaken',
  invalidDate: 'exchange.reason.invalidDate',
  notFemale: 'exchange.reason.notFemale',
  unsupportedValue: 'exchange.reason.unsupportedValue',
  damNotInFile: 'exchange.reason.damNotInFile',
  sensorTaken: 'exchange.reason.sensorTaken',
  sensorDuplicate: 'exchange.reason.sensorDuplicate',
  notImported: 'exchange.reason.notImported',
  tooManyCows: 'exchange.reason.tooManyCows',
};

const COUNT_KEYS: Readonly<Record<keyof AdeCounts, MessageKey>> = {
  cows: 'exchange.count.cows',
  estrus: 'exchange.count.estrus',
  sensorHeats: 'exchange.count.sensorHeats',
  fertilization: 'exchange.count.fertilization',
  pregnancy: 'exchange.count.pregnancy',
  calving: 'exchange.count.calving',
  health: 'exchange.count.health',
  sensors: 'exchange.count.sensors',
};

const MAX_MEGABYTES = ADE_IMPORT_MAX_BYTES / 1024 / 1024;

type Stage =
  | { kind: 'idle' }
  | { kind: 'problem'; text: string }
  | { kind: 'previewed'; name: string; file: AdeFile; preview: AdePreview }
  | { kind: 'imported'; cows: number }
  | { kind: 'refused'; text: string; problems: AdeProblem[] };

const isReason = (rule: string | undefined): rule is AdeReason => !!rule && rule in REASON_KEYS;

/** The refusals a refused import answered with (details[]: path body.file.<list>.<index>, rule the reason). */
const problemsOf = (error: unknown): AdeProblem[] =>
  isApiError(error)
    ? error.details.flatMap((detail) => {
        const where = /^body\.file\.([A-Za-z]+)\.(\d+)$/.exec(detail.path);
        return where && isReason(detail.rule)
          ? [
              {
                collection: where[1] ?? '',
                index: Number(where[2]),
                item: '',
                reason: detail.rule,
                detail: detail.message,
              },
            ]
          : [];
      })
    : [];

function Problems({
  title,
  problems,
  total,
  testId,
}: {
  title: string;
  problems: readonly AdeProblem[];
  total: number;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid={testId}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Table striped withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('exchange.import.where')}</Table.Th>
            <Table.Th>{t('exchange.import.item')}</Table.Th>
            <Table.Th>{t('exchange.import.reason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {problems.map((problem) => (
            <Table.Tr key={`${problem.collection}.${problem.index}.${problem.reason}`}>
              <Table.Td>{`${problem.collection} #${problem.index + 1}`}</Table.Td>
              <Table.Td>{problem.item}</Table.Td>
              <Table.Td>
                <Text size="sm">{t(REASON_KEYS[problem.reason])}</Text>
                <Text size="xs" c="dimmed">
                  {problem.detail}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {total > problems.length && (
        <Text size="xs" c="dimmed">
          {t('exchange.import.more', { count: total - problems.length })}
        </Text>
      )}
    </Stack>
  );
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
 * An ICAR ADE file in: read in the browser, previewed by the server (what it creates, what is refused and
 * why, what is left out), imported only when the farmer confirms and nothing is refused. The server imports
 * it in one transaction, so a refusal leaves the farm as it was.
 */
export function AdeImport() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [running, setRunning] = useState(false);

  const onFile = async (chosen: File | null) => {
    if (!chosen) return;
    if (chosen.size > ADE_IMPORT_MAX_BYTES) {
      setStage({
        kind: 'problem',
        text: t('exchange.import.tooLarge', { name: chosen.name, size: MAX_MEGABYTES }),
      });
      return;
    }
    let file: AdeFile;
    try {
      const parsed: unknown = JSON.parse(await readText(chosen));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        throw new Error('not an object');
      }
      file = parsed;
    } catch {
      setStage({ kind: 'problem', text: t('exchange.import.notJson', { name: chosen.name }) });
      return;
    }
    setRunning(true);
    try {
      setStage({ kind: 'previewed', name: chosen.name, file, preview: await previewAdeImport(file) });
    } catch (error) {
      setStage({ kind: 'problem', text: refusalText(error, t) });
    } finally {
      setRunning(false);
    }
  };

  const runImport = async (file: AdeFile) => {
    setRunning(true);
    try {
      const result = await importAde(file);
      setStage({ kind: 'imported', cows: result.created.cows });
    } catch (error) {
      setStage({ kind: 'refused', text: refusalText(error, t), problems: problemsOf(error) });
    } finally {
      setRunning(false);
    }
    await queryClient.invalidateQueries({ queryKey: cowsQueryPrefix });
  };

  return (
    <Stack gap="sm">
      <Text size="sm">{t('exchange.import.intro', { size: MAX_MEGABYTES })}</Text>
      <Group>
        <FileButton onChange={(file) => void onFile(file)} accept=".json,application/json">
          {(props) => (
            <Button {...props} variant="light" loading={running} data-testid="ade-choose">
              {t('exchange.import.choose')}
            </Button>
          )}
        </FileButton>
      </Group>
      {stage.kind === 'problem' && (
        <Alert color="red" variant="light" role="alert">
          {stage.text}
        </Alert>
      )}
      {stage.kind === 'previewed' && (
        <Stack gap="sm" data-testid="ade-preview">
          <Text size="sm" fw={600}>
            {t('exchange.import.brings', { name: stage.name })}
          </Text>
          <List size="sm" data-testid="ade-counts">
            {(Object.keys(COUNT_KEYS) as (keyof AdeCounts)[]).map((key) => (
              <List.Item key={key} data-count={key}>
                {t(COUNT_KEYS[key], { count: stage.preview.create[key] })}
              </List.Item>
            ))}
          </List>
          {stage.preview.refusedCount > 0 && (
            <Alert color="red" variant="light" role="alert">
              <Problems
                testId="ade-refused"
                title={t('exchange.import.refused', { count: stage.preview.refusedCount })}
                problems={stage.preview.refused}
                total={stage.preview.refusedCount}
              />
            </Alert>
          )}
          {stage.preview.skippedCount > 0 && (
            <Problems
              testId="ade-skipped"
              title={t('exchange.import.skipped', { count: stage.preview.skippedCount })}
              problems={stage.preview.skipped}
              total={stage.preview.skippedCount}
            />
          )}
          <Group>
            <Button
              onClick={() => void runImport(stage.file)}
              disabled={!stage.preview.importable}
              loading={running}
              data-testid="ade-import"
            >
              {t('exchange.import.run')}
            </Button>
          </Group>
        </Stack>
      )}
      {stage.kind === 'imported' && (
        <Alert color="green" variant="light" role="status" data-testid="ade-imported">
          {t('exchange.import.done', { count: stage.cows })}
        </Alert>
      )}
      {stage.kind === 'refused' && (
        <Alert color="red" variant="light" role="alert">
          <Text size="sm">{t('exchange.import.failed')}</Text>
          <Text size="xs">{stage.text}</Text>
          {stage.problems.length > 0 && (
            <Problems
              testId="ade-refused"
              title={t('exchange.import.refused', { count: stage.problems.length })}
              problems={stage.problems}
              total={stage.problems.length}
            />
          )}
        </Alert>
      )}
    </Stack>
  );
}
