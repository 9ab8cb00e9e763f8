import { useState } from 'react';
import { ActionIcon, Box, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ALLOWED_UPLOAD_TYPES, type Upload } from '@cowcare/contract/routes/uploads';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PlusIcon, TrashIcon } from '../../../components/icons';
import { errorMessageKey } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useHealthCases } from '../api/get-health-cases';
import { uploadFileQueryOptions } from '../api/get-upload-file';
import { useAddHealthCaseFile, useRemoveHealthCaseFile } from '../api/health-case-files';
import { UploadFailures, uploadPicked, type UploadFailure } from './file-uploads';
import { PictureThumbnail, isPicture } from './picture-thumbnail';
import { PictureViewer } from './picture-viewer';

/** A PDF (or any file a browser does not show inline) is saved under its name. */
async function saveFile(blob: Blob, name: string): Promise<void> {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has started the download; the URL is released once the browser has taken it.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  URL.revokeObjectURL(url);
}

interface Props {
  cowId: number;
  caseId: number;
  /** A culled cow's records stay as they are: her pictures can be seen, not changed. */
  readOnly: boolean;
}

/**
 * A health case's pictures as thumbnails that open full size, and its files to download; the vet adds
 * pictures taken later and takes off a wrong one.
 */
export function HealthCaseFiles({ cowId, caseId, readOnly }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const cases = useHealthCases(cowId);
  const add = useAddHealthCaseFile();
  const remove = useRemoveHealthCaseFile();
  const [viewing, setViewing] = useState<Upload | null>(null);
  const [removing, setRemoving] = useState<Upload | null>(null);
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<UploadFailure[]>([]);
  const files = cases.data?.find((item) => item.id === caseId)?.files ?? [];

  const open = (upload: Upload) => {
    if (isPicture(upload)) {
      setViewing(upload);
      return;
    }
    queryClient
      .fetchQuery(uploadFileQueryOptions(upload.id))
      .then((blob) => saveFile(blob, upload.name))
      .catch((error: unknown) => notify(errorMessageKey(error), 'error'));
  };

  const pick = async (picked: File[]) => {
    if (picked.length === 0) return;
    setBusy(true);
    const { added, failed } = await uploadPicked(picked, t);
    for (const upload of added) {
      try {
        await add.mutateAsync({ caseId, uploadId: upload.id });
      } catch (error) {
        failed.push({ name: upload.name, message: t(errorMessageKey(error)) });
      }
    }
    setFailures(failed);
    setBusy(false);
  };

  if (files.length === 0 && readOnly) return null;
  return (
    <Stack gap={6} mt={4}>
      {files.length > 0 && (
        <Group gap="xs" role="list" aria-label={t('herd.upload.title')}>
          {files.map((upload) => (
            <Box key={upload.id} role="listitem" pos="relative" data-testid="case-file">
              <PictureThumbnail upload={upload} onOpen={open} />
              {!readOnly && (
                <ActionIcon
                  size="sm"
                  radius="xl"
                  color="red"
                  variant="filled"
                  pos="absolute"
                  top={-6}
                  right={-6}
                  aria-label={t('herd.upload.remove', { name: upload.name })}
                  onClick={() => setRemoving(upload)}
                >
                  <TrashIcon size={12} />
                </ActionIcon>
              )}
            </Box>
          ))}
        </Group>
      )}
      {!readOnly && (
        <Group gap="xs">
          <FileButton
            onChange={(picked) => void pick(picked)}
            accept={ALLOWED_UPLOAD_TYPES.join(',')}
            multiple
          >
            {(props) => (
              <Button
                {...props}
                size="compact-xs"
                variant="light"
                leftSection={<PlusIcon size={12} />}
                loading={busy}
              >
                {t('herd.upload.addPictures')}
              </Button>
            )}
          </FileButton>
          {files.length === 0 && (
            <Text size="xs" c="dimmed">
              {t('herd.upload.none')}
            </Text>
          )}
        </Group>
      )}
      <UploadFailures failures={failures} />
      <PictureViewer upload={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        opened={removing !== null}
        title={t('herd.upload.removeTitle')}
        message={t('herd.upload.removeMessage', { name: removing?.name ?? '' })}
        confirmLabel={t('herd.upload.removeConfirm')}
        danger
        pending={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(
            { caseId, uploadId: removing.id },
            {
              onSettled: () => setRemoving(null),
              onError: (error) => notify(errorMessageKey(error), 'error'),
            },
          );
        }}
      />
    </Stack>
  );
}
