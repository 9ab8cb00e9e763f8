import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EARLIEST_RECORD_DAY, LATEST_RECORD_DAY } from '@cowcare/domain/calendar-date';
import { refusalText } from '../../../lib/error-message';
import { localToday } from '../../../lib/format';
import { exportAde } from '../api/exchange';

/** Hands a JSON text to the browser as a file download. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is not needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The farm as an ICAR ADE file, the whole history or the records of a period. */
export function AdeExport({ farmNumber }: { farmNumber: string }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const run = async () => {
    setRunning(true);
    setResult(null);
    try {
      const file = await exportAde({ ...(from ? { from } : {}), ...(to ? { to } : {}) });
      const period = from || to ? `-${from || 'start'}-${to || localToday()}` : '';
      download(`cowcare-ade-${farmNumber}${period}.json`, JSON.stringify(file, null, 2));
      const events = [
        'heats',
        'inseminations',
        'pregnancyChecks',
        'parturitions',
        'abortions',
        'diagnoses',
      ] as const;
      setResult({
        ok: true,
        text: t('exchange.export.done', {
          cows: file.animals?.length ?? 0,
          records: events.reduce((sum, list) => sum + (file[list]?.length ?? 0), 0),
        }),
      });
    } catch (error) {
      setResult({ ok: false, text: refusalText(error, t) });
    } finally {
      setRunning(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('exchange.export.hint')}
      </Text>
      <Group gap="sm" align="flex-end">
        <TextInput
          type="date"
          label={t('exchange.export.from')}
          min={EARLIEST_RECORD_DAY}
          max={LATEST_RECORD_DAY}
          value={from}
          onChange={(event) => setFrom(event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('exchange.export.to')}
          min={EARLIEST_RECORD_DAY}
          max={LATEST_RECORD_DAY}
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
        />
        <Button onClick={() => void run()} loading={running} data-testid="ade-export">
          {t('exchange.export.download')}
        </Button>
      </Group>
      {result && (
        <Alert color={result.ok ? 'green' : 'red'} variant="light" role="status">
          {result.text}
        </Alert>
      )}
    </Stack>
  );
}
