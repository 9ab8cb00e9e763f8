import { useState } from 'react';
import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { supportCall, supportKeys } from '../api/support-client';
import { errorMessage } from '../support-error';

/** The minimum app version (spec §8): older apps are sent to the update page. */
export function SupportAppVersionRoute() {
  const queryClient = useQueryClient();
  const setting = useQuery({
    queryKey: supportKeys.appVersion,
    queryFn: ({ signal }) => supportCall(api.support.getAppVersion, { signal }),
  });
  const [value, setValue] = useState<number | ''>('');
  const save = useMutation({
    mutationFn: (minVersionCode: number) =>
      supportCall(api.support.setAppVersion, { body: { minVersionCode } }),
    onSuccess: (data) => queryClient.setQueryData(supportKeys.appVersion, data),
  });
  return (
    <Stack maw={520}>
      <Title order={2} size="h3">
        App version
      </Title>
      <Card withBorder>
        {setting.isError && <Text c="red">{errorMessage(setting.error)}</Text>}
        {setting.data && (
          <Stack>
            <Text>
              Apps below version code <b>{setting.data.minVersionCode}</b> must update (they are told to
              install {setting.data.latestAppVersion}).
            </Text>
            <Group align="end">
              <NumberInput
                label="New minimum version code"
                value={value}
                onChange={(next) => setValue(typeof next === 'number' ? next : '')}
                min={0}
                max={1_000_000}
                w={220}
              />
              <Button
                disabled={value === ''}
                loading={save.isPending}
                onClick={() => value !== '' && save.mutate(value)}
              >
                Set minimum
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              Binds at once on this server and within 30 seconds on the others; the console itself is never
              locked out.
            </Text>
            {save.isError && <Text c="red">{errorMessage(save.error)}</Text>}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
