import { useState } from 'react';
import {
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Camera, CameraInput, CameraProtocol } from '@cowcare/contract/routes/cameras';
import { refusalText } from '../../../lib/error-message';
import { useCowTypes } from '../../../lib/api/get-cow-types';
import { useCows } from '../../../lib/api/get-cows';
import { useUser } from '../../../lib/session';
import { useSaveCamera } from '../api/cameras';

interface Props {
  /** The camera to change; undefined adds one. */
  camera: Camera | undefined;
  onClose: () => void;
}

interface Draft {
  name: string;
  ip: string;
  port: number | string;
  protocol: CameraProtocol;
  streamPath: string;
  username: string;
  password: string;
  cowIds: string[];
  cowTypeId: string | null;
}

const draftOf = (camera: Camera | undefined): Draft => ({
  name: camera?.name ?? '',
  ip: camera?.ip ?? '',
  port: camera?.port ?? 554,
  protocol: camera?.protocol ?? 'rtsp',
  streamPath: camera?.streamPath ?? '',
  username: '',
  password: '',
  cowIds: (camera?.cowIds ?? []).map(String),
  cowTypeId: camera?.cowTypeId ? String(camera.cowTypeId) : null,
});

/** What the form sends: blank credentials of a stored camera are kept as they are, never sent back empty. */
const inputOf = (draft: Draft, editing: boolean): CameraInput => ({
  name: draft.name.trim(),
  ip: draft.ip.trim(),
  port: Number(draft.port),
  protocol: draft.protocol,
  streamPath: draft.streamPath.trim(),
  ...(draft.username || !editing ? { username: draft.username } : {}),
  ...(draft.password || !editing ? { password: draft.password } : {}),
  cowIds: draft.cowIds.map(Number),
  cowTypeId: draft.cowTypeId === null ? null : Number(draft.cowTypeId),
});

/** The owner's form for a camera: address, credentials (write-only), and the cows or pen it shows. */
export function CameraForm({ camera, onClose }: Props) {
  const { t } = useTranslation();
  const user = useUser();
  const farm = { country: user?.country ?? '', FarmNumber: user?.FarmNumber ?? '' };
  const cows = useCows(farm);
  const types = useCowTypes(farm.FarmNumber);
  const save = useSaveCamera();
  const [draft, setDraft] = useState(() => draftOf(camera));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((old) => ({ ...old, [key]: value }));
  const editing = camera !== undefined;

  const submit = () =>
    save.mutate({ id: camera?.id, input: inputOf(draft, editing) }, { onSuccess: () => onClose() });

  return (
    <Modal opened onClose={onClose} title={t(editing ? 'cameras.edit' : 'cameras.add')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('cameras.name')}
            required
            maxLength={60}
            value={draft.name}
            onChange={(event) => set('name', event.currentTarget.value)}
          />
          <Group grow align="flex-start">
            <TextInput
              label={t('cameras.ip')}
              required
              value={draft.ip}
              onChange={(event) => set('ip', event.currentTarget.value)}
            />
            <NumberInput
              label={t('cameras.port')}
              required
              min={1}
              max={65535}
              value={draft.port}
              onChange={(value) => set('port', value)}
            />
          </Group>
          <Group grow align="flex-start">
            <Select
              label={t('cameras.protocol')}
              data={['rtsp', 'http']}
              allowDeselect={false}
              value={draft.protocol}
              onChange={(value) => set('protocol', value === 'http' ? 'http' : 'rtsp')}
            />
            <TextInput
              label={t('cameras.streamPath')}
              placeholder="/Streaming/Channels/101"
              value={draft.streamPath}
              onChange={(event) => set('streamPath', event.currentTarget.value)}
            />
          </Group>
          <Group grow align="flex-start">
            <TextInput
              label={t('cameras.username')}
              autoComplete="off"
              value={draft.username}
              onChange={(event) => set('username', event.currentTarget.value)}
            />
            <PasswordInput
              label={t('cameras.password')}
              autoComplete="new-password"
              value={draft.password}
              onChange={(event) => set('password', event.currentTarget.value)}
            />
          </Group>
          {editing && camera.hasCredentials && (
            <Text size="xs" c="dimmed">
              {t('cameras.credentialsKept')}
            </Text>
          )}
          <MultiSelect
            label={t('cameras.cows')}
            searchable
            data={(cows.data ?? []).map((cow) => ({ value: String(cow.id), label: cow.code }))}
            value={draft.cowIds}
            onChange={(value) => set('cowIds', value)}
          />
          <Select
            label={t('cameras.pen')}
            clearable
            data={(types.data?.types ?? []).map((type) => ({ value: String(type.id), label: type.name }))}
            value={draft.cowTypeId}
            onChange={(value) => set('cowTypeId', value)}
          />
          {save.isError && (
            <Text size="sm" c="red" role="alert">
              {refusalText(save.error, t)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('cameras.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
