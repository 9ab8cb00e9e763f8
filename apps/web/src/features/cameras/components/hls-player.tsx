import { useEffect, useRef, useState } from 'react';
import { AspectRatio, Box, Center, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CameraStatus } from '@cowcare/contract/routes/cameras';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage, LANGUAGES } from '../../../lib/i18n';
import { useStreamTicket, type StreamSource } from '../api/cameras';

type PlayerState = 'loading' | 'playing' | 'failed';

/** Safari (and iOS) play HLS natively; elsewhere hls.js feeds the video element through Media Source. */
const playsHlsNatively = (video: HTMLVideoElement): boolean =>
  video.canPlayType('application/vnd.apple.mpegurl') !== '';

/**
 * Attaches the playlist to the video element; answers how to detach. hls.js is loaded on first use, so the
 * app's other pages do not carry it.
 */
async function attach(video: HTMLVideoElement, url: string, onFatal: () => void): Promise<() => void> {
  const { default: Hls } = await import('hls.js');
  if (!Hls.isSupported() && playsHlsNatively(video)) {
    video.src = url;
    video.addEventListener('error', onFatal);
    return () => {
      video.removeEventListener('error', onFatal);
      video.removeAttribute('src');
      video.load();
    };
  }
  // no worker: the page's content security policy allows no blob: scripts, and a 320×180 stream needs none
  const hls = new Hls({ enableWorker: false, lowLatencyMode: false, manifestLoadingMaxRetry: 4 });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) onFatal();
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return () => hls.destroy();
}

function StateText({ status, failed }: { status: CameraStatus | undefined; failed: boolean }) {
  const { t, i18n } = useTranslation();
  const bcp47 = LANGUAGES[currentLanguage(i18n)].bcp47;
  if (status?.state === 'unauthorized') return <>{t('cameras.state.unauthorized')}</>;
  if (status?.state === 'offline') {
    return (
      <>{t('cameras.state.offline', { since: status.since ? formatDateTime(status.since, bcp47) : '' })}</>
    );
  }
  return <>{failed ? t('cameras.state.error') : t('cameras.state.starting')}</>;
}

/** One stream in a 16:9 frame: muted, inline, playing as soon as its first segment is there. */
export function HlsPlayer({ source, label }: { source: StreamSource; label: string }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const ticket = useStreamTicket(source);
  const [state, setState] = useState<PlayerState>('loading');
  const [attempt, setAttempt] = useState(0);
  const url = ticket.data?.url;
  const refetch = ticket.refetch;

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !url) return;
    let detach: (() => void) | undefined;
    let cancelled = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    setState('loading');
    const onFatal = () => {
      setState('failed');
      void refetch(); // its answer says whether the camera is offline or refused the password
      retry = setTimeout(() => setAttempt((count) => count + 1), 10_000);
    };
    const onPlaying = () => setState('playing');
    video.addEventListener('playing', onPlaying);
    void attach(video, url, onFatal).then((undo) => {
      if (cancelled) undo();
      else {
        detach = undo;
        void video.play().catch(() => undefined);
      }
    });
    return () => {
      cancelled = true;
      clearTimeout(retry);
      video.removeEventListener('playing', onPlaying);
      detach?.();
    };
  }, [url, attempt, refetch]);

  return (
    <AspectRatio ratio={16 / 9}>
      <Box pos="relative" bg="dark.8" style={{ borderRadius: 8, overflow: 'hidden' }}>
        <video
          ref={videoRef}
          muted
          autoPlay
          playsInline
          aria-label={label}
          data-testid="camera-video"
          style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
        />
        {state !== 'playing' && (
          <Center pos="absolute" inset={0} p="sm" style={{ flexDirection: 'column', gap: 8 }}>
            {state === 'loading' && <Loader color="gray.3" size="sm" />}
            <Text size="sm" c="gray.2" ta="center" role="status">
              <StateText status={ticket.data?.status} failed={state === 'failed' || ticket.isError} />
            </Text>
          </Center>
        )}
      </Box>
    </AspectRatio>
  );
}
