import { useState } from 'react';
import {
  Button,
  Card,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api } from '@cowcare/contract/api';
import type { PlatformNoticeTarget } from '@cowcare/contract/routes/support';
import { supportCall } from '../api/support-client';
import { errorMessage } from '../support-error';

type TargetKind = PlatformNoticeTarget['kind'];

/** A platform notice (1101 announcement, 1102 app update) to every farm, a country's, or one farm. */
export function SupportNoticesRoute() {
  // Opened from a farm's page (`?farm=<id>`): that farm is the target.
  const [search] = useSearchParams();
  const fromFarm = Number(search.get('farm'));
  const [code, setCode] = useState<'1101' | '1102'>('1101');
  const [kind, setKind] = useState<TargetKind>(fromFarm > 0 ? 'farm' : 'all');
  const [country, setCountry] = useState('');
  const [farmId, setFarmId] = useState<number | ''>(fromFarm > 0 ? fromFarm : '');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');

  const target = (): PlatformNoticeTarget =>
    kind === 'all'
      ? { kind }
      : kind === 'country'
        ? { kind, country: country.trim().toUpperCase() }
        : { kind, farmId: Number(farmId) };
  const send = useMutation({
    mutationFn: () =>
      supportCall(api.support.sendPlatformNotice, {
        body: { code: code === '1101' ? 1101 : 1102, target: target(), title, body },
      }),
  });
  const ready =
    title.trim() !== '' &&
    (kind === 'all' || (kind === 'country' ? /^[A-Za-z]{2}$/.test(country.trim()) : farmId !== ''));

  return (
    <Stack maw={640}>
      <Title order={2} size="h3">
        Platform notices
      </Title>
      <Card withBorder>
        <Stack>
          <SegmentedControl
            aria-label="Kind"
            value={code}
            onChange={(value) => setCode(value)}
            data={[
              { value: '1101', label: 'Announcement (1101)' },
              { value: '1102', label: 'App update available (1102)' },
            ]}
          />
          <SegmentedControl
            aria-label="To"
            value={kind}
            onChange={(value) => setKind(value)}
            data={[
              { value: 'all', label: 'Every farm' },
              { value: 'country', label: 'A country' },
              { value: 'farm', label: 'One farm' },
            ]}
          />
          {kind === 'country' && (
            <TextInput
              label="Country (ISO code, e.g. KR)"
              value={country}
              onChange={(e) => setCountry(e.currentTarget.value)}
              maxLength={2}
              w={200}
            />
          )}
          {kind === 'farm' && (
            <NumberInput
              label="Farm id (on the farm's page)"
              value={farmId}
              onChange={(value) => setFarmId(typeof value === 'number' ? value : '')}
              min={1}
              w={200}
            />
          )}
          <TextInput
            label="Title"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            maxLength={200}
          />
          <Textarea
            label="Text"
            autosize
            minRows={2}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            maxLength={2000}
          />
          <Button onClick={() => send.mutate()} disabled={!ready} loading={send.isPending}>
            Send now
          </Button>
          {send.isError && <Text c="red">{errorMessage(send.error)}</Text>}
          {send.isSuccess && (
            <Text c="green" role="status">
              Sent to {send.data.farms} {send.data.farms === 1 ? 'farm' : 'farms'}.
            </Text>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
