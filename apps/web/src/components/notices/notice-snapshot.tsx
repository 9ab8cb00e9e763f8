import { Image, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@cowcare/contract/api';
import type { Notice, NoticeSnapshot } from '@cowcare/contract/routes/notices';
import { callForFile } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { currentLanguage, LANGUAGES } from '../../lib/i18n';
import { useBlobImage } from '../../lib/use-blob-image';

const WIDTH = 192;
const HEIGHT = 108;

/** The picture needs the token, so an <img src> cannot fetch it: its bytes come through the API client. */
function SnapshotPicture({ noticeId, alt }: { noticeId: number; alt: string }) {
  const file = useQuery({
    queryKey: ['notice-snapshot', noticeId],
    queryFn: ({ signal }) =>
      callForFile(api.cameras.noticeSnapshot, { params: { noticeId }, signal, silent: true }),
    // A still never changes once taken.
    staleTime: Infinity,
  });
  const ref = useBlobImage(file.data);
  if (file.isError) return null;
  return (
    <Skeleton visible={file.data === undefined} w={WIDTH} h={HEIGHT} radius="sm">
      <Image ref={ref} alt={alt} w={WIDTH} h={HEIGHT} radius="sm" fit="cover" data-testid="notice-snapshot" />
    </Skeleton>
  );
}

/**
 * What her camera saw when the notice was raised (issue 37): the still, or why there is none yet or at all,
 * so a farmer woken at 2 a.m. can look at her before walking out.
 */
export function NoticeSnapshotView({ notice, snapshot }: { notice: Notice; snapshot: NoticeSnapshot }) {
  const { t, i18n } = useTranslation();
  const camera = snapshot.camera;
  if (snapshot.state === 'taken') {
    const time = formatDateTime(snapshot.takenAt, LANGUAGES[currentLanguage(i18n)].bcp47);
    return <SnapshotPicture noticeId={notice.id} alt={t('notices.snapshot.alt', { camera, time })} />;
  }
  const text =
    snapshot.state === 'pending'
      ? t('notices.snapshot.pending', { camera })
      : t(
          snapshot.failure === 'unauthorized' ? 'notices.snapshot.unauthorized' : 'notices.snapshot.offline',
          {
            camera,
          },
        );
  return (
    <Text size="xs" c="dimmed" data-testid="notice-snapshot-state">
      {text}
    </Text>
  );
}
