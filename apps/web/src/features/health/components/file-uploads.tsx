import { useState } from 'react';
import { ActionIcon, Alert, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '@cowcare/contract/errors';
import { ALLOWED_UPLOAD_TYPES, MAX_UPLOAD_BYTES, type Upload } from '@cowcare/contract/routes/uploads';
import { TrashIcon } from '../../../components/icons';
import { isApiError } from '../../../lib/api-client';
import { errorMessageKey } from '../../../lib/error-message';
import { formatDecimal } from '../../../lib/format';
import { useBcp47 } from '../../../lib/language';
import { uploadFile } from '../api/upload-file';
import { PictureThumbnail } from './picture-thumbnail';

const MAX_MEGABYTES = Math.round(MAX_UPLOAD_BYTES / (1024 * 1024));

interface Props {
  uploads: Upload[];
  onChange: (uploads: Upload[]) => void;
  onBusyChange: (busy: boolean) => void;
}

export interface UploadFailure {
  name: string;
  message: string;
}

/**
 * Uploads the picked files one by one; the server decides the type from the bytes and limits the size, and
 * its refusal is kept per file, in the user's language.
 */
export async function uploadPicked(
  files: readonly File[],
  t: TFunction,
): Promise<{ added: Upload[]; failed: UploadFailure[] }> {
  const added: Upload[] = [];
  const failed: UploadFailure[] = [];
  for (const file of files) {
    if (file.size > MAX_UPLOAD_BYTES) {
      // Refused before sending: the server would answer 413 after the whole upload.
      failed.push({ name: file.name, message: t('herd.upload.tooLarge', { max: MAX_MEGABYTES }) });
      continue;
    }
    try {
      added.push(await uploadFile(file));
    } catch (error) {
      const message = isApiError(error, ERROR_CODES.unsupportedFileType)
        ? t('herd.upload.wrongType')
        : isApiError(error, ERROR_CODES.payloadTooLarge)
          ? t('herd.upload.tooLarge', { max: MAX_MEGABYTES })
          : t(errorMessageKey(error));
      failed.push({ name: file.name, message });
    }
  }
  return { added, failed };
}

/** The refusals of the last pick, one line per file. */
export function UploadFailures({ failures }: { failures: readonly UploadFailure[] }) {
  return (
    <>
      {failures.map((failure) => (
        <Alert key={failure.name} color="red" variant="light" role="alert" p="xs">
          <Text size="sm">
            <b>{failure.name}</b>: {failure.message}
          </Text>
        </Alert>
      ))}
    </>
  );
}

/**
 * Pictures and PDFs for a health case, uploaded as soon as they are picked. The server decides the type from
 * the bytes and limits the size; its refusal is shown per file, in the user's language.
 */
export function FileUploads({ uploads, onChange, onBusyChange }: Props) {
  const { t } = useTranslation();
  const [failures, setFailures] = useState<UploadFailure[]>([]);
  const [busy, setBusy] = useState(false);
  const bcp47 = useBcp47();
  const megabytes = (bytes: number) =>
    `${formatDecimal(bytes / (1024 * 1024), bytes < 1024 * 1024 ? 2 : 1, bcp47)} MB`;

  const pick = async (files: File[]) => {
    if (files.length === 0) return;
    setBusy(true);
    onBusyChange(true);
    const { added, failed } = await uploadPicked(files, t);
    setFailures(failed);
    onChange([...uploads, ...added]);
    setBusy(false);
    onBusyChange(false);
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {t('herd.upload.title')}
        </Text>
        <FileButton onChange={(files) => void pick(files)} accept={ALLOWED_UPLOAD_TYPES.join(',')} multiple>
          {(props) => (
            <Button {...props} size="xs" variant="light" loading={busy}>
              {t('herd.upload.add')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c="dimmed">
        {t('herd.upload.hint', { max: MAX_MEGABYTES })}
      </Text>
      {uploads.map((upload) => (
        <Group key={upload.id} justify="space-between" wrap="nowrap" data-testid="uploaded-file">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <PictureThumbnail upload={upload} size={40} />
            <Text size="sm" truncate>
              {upload.name}
            </Text>
            <Text size="xs" c="dimmed">
              {megabytes(upload.sizeBytes)}
            </Text>
          </Group>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('herd.upload.remove', { name: upload.name })}
            onClick={() => onChange(uploads.filter((other) => other.id !== upload.id))}
          >
            <TrashIcon size={14} />
          </ActionIcon>
        </Group>
      ))}
      <UploadFailures failures={failures} />
    </Stack>
  );
}
