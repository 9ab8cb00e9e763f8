import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api } from '@cowcare/contract/api';
import type { FarmView } from '@cowcare/contract/routes/support';
import { supportCall, supportKeys } from '../api/support-client';
import { FarmOrders } from '../components/farm-orders';
import { when } from '../components/when';
import { SUPPORT_PATHS } from '../support-paths';
import { errorMessage } from '../support-error';

const CULLED = '도태';
/** What a restored cow may become (admin/cows/:id/restore), in the words support uses on the phone. */
const RESTORE_TO = [
  { value: '발정탐지', label: 'Heat detection (발정탐지)' },
  { value: '설정대기', label: 'Waiting for service (설정대기)' },
  { value: '임신감정', label: 'Pregnancy check (임신감정)' },
  { value: '임신', label: 'Pregnant (임신)' },
  { value: '포유', label: 'Nursing (포유)' },
  { value: '비육', label: 'Fattening (비육)' },
] as const;
type RestoreStatus = (typeof RESTORE_TO)[number]['value'];

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder component="section">
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function useFarmAction<T>(farmId: number, action: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportKeys.farm(farmId) }),
  });
}

function Users({ farm }: { farm: FarmView }) {
  const [reason, setReason] = useState('');
  const disable = useFarmAction(farm.farm.id, (id: number) =>
    supportCall(api.admin.disableUser, { params: { id }, body: { reason } }),
  );
  const enable = useFarmAction(farm.farm.id, (id: number) =>
    supportCall(api.admin.enableUser, { params: { id } }),
  );
  const failure = disable.error ?? enable.error;
  return (
    <Section title="Users">
      <TextInput
        size="xs"
        label="Reason for disabling (kept with the user and in the audit log)"
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        mb="xs"
      />
      {failure && <Text c="red">{errorMessage(failure)}</Text>}
      <Table>
        <Table.Tbody>
          {farm.users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>{user.name}</Table.Td>
              <Table.Td>{user.username}</Table.Td>
              <Table.Td>{user.phone}</Table.Td>
              <Table.Td>{user.role}</Table.Td>
              <Table.Td>
                {user.disabled ? (
                  <Button size="compact-xs" variant="default" onClick={() => enable.mutate(user.id)}>
                    Enable
                  </Button>
                ) : (
                  <Button
                    size="compact-xs"
                    color="red"
                    variant="light"
                    disabled={reason.trim() === ''}
                    onClick={() => disable.mutate(user.id)}
                  >
                    Disable
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

function RestoreCow({ farmId, cowId }: { farmId: number; cowId: number }) {
  const [status, setStatus] = useState<RestoreStatus>('발정탐지');
  const restore = useFarmAction(farmId, () =>
    supportCall(api.admin.restoreCow, { params: { id: cowId }, body: { status } }),
  );
  return (
    <Group gap={4} wrap="nowrap">
      <Select
        size="xs"
        aria-label="Restore to"
        data={RESTORE_TO.map((option) => ({ ...option }))}
        value={status}
        onChange={(value) => value && setStatus(value)}
        allowDeselect={false}
        w={210}
      />
      <Button size="compact-xs" onClick={() => restore.mutate(undefined)} loading={restore.isPending}>
        Restore
      </Button>
      {restore.isError && (
        <Text c="red" size="xs">
          {errorMessage(restore.error)}
        </Text>
      )}
    </Group>
  );
}

function Cows({ farm }: { farm: FarmView }) {
  return (
    <Section title={`Cows (${farm.cows.length})`}>
      <Table.ScrollContainer minWidth={520} mah={360}>
        <Table stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Code</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Sensor</Table.Th>
              <Table.Th>Last reading</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {farm.cows.map((cow) => (
              <Table.Tr key={cow.id}>
                <Table.Td>{cow.code}</Table.Td>
                <Table.Td>{cow.status === CULLED ? <Badge color="gray">culled</Badge> : cow.status}</Table.Td>
                <Table.Td>{cow.sensor ?? '—'}</Table.Td>
                <Table.Td>{when(cow.lastReadingAt)}</Table.Td>
                <Table.Td>
                  {cow.status === CULLED && <RestoreCow farmId={farm.farm.id} cowId={cow.id} />}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}

function Devices({ farm }: { farm: FarmView }) {
  return (
    <Section title="Gateways and sensors">
      {farm.gateways.length === 0 && <Text c="dimmed">No gateway yet: readings cannot arrive.</Text>}
      {farm.gateways.map((gateway) => (
        <Text key={gateway.id} size="sm">
          {gateway.name} ({gateway.username}): last seen {when(gateway.lastSeenAt)}
          {gateway.lastAddress ? ` from ${gateway.lastAddress}` : ''}
        </Text>
      ))}
      <Text size="sm" mt="xs" fw={500}>
        Registered sensors: {farm.sensors.length}
      </Text>
      <Text size="sm">
        {farm.sensors
          .map(
            (sensor) =>
              `${sensor.sensor}${sensor.cowCode ? ` (${sensor.cowCode}, ${when(sensor.lastReadingAt)})` : ' (no cow)'}`,
          )
          .join(' · ') || '—'}
      </Text>
    </Section>
  );
}

function Notices({ farm }: { farm: FarmView }) {
  return (
    <Section title="Latest notices">
      {farm.notices.length === 0 && <Text c="dimmed">None.</Text>}
      {farm.notices.map((notice) => (
        <Text key={notice.id} size="sm" c={notice.read ? 'dimmed' : undefined}>
          {when(notice.time)} · {notice.code}
          {notice.cowCode ? ` · ${notice.cowCode}` : ''}
          {notice.sensor ? ` · sensor ${notice.sensor}` : ''}
          {notice.read ? '' : ' · unread'}
        </Text>
      ))}
    </Section>
  );
}

function Messages({ farm }: { farm: FarmView }) {
  return (
    <Section title="Users’ messages">
      {farm.messages.length === 0 && <Text c="dimmed">None.</Text>}
      {farm.messages.map((message) => (
        <Text key={message.id} size="sm">
          {when(message.time)} · {message.username}: {message.message}
        </Text>
      ))}
    </Section>
  );
}

/**
 * One farm, read-only but for support's own actions: disable or enable a user, restore a culled cow, refund
 * an order.
 */
export function SupportFarmRoute() {
  const farmId = Number(useParams().id);
  const farm = useQuery({
    queryKey: supportKeys.farm(farmId),
    queryFn: ({ signal }) => supportCall(api.support.viewFarm, { params: { id: farmId }, signal }),
    enabled: Number.isInteger(farmId) && farmId > 0,
  });
  return (
    <Stack>
      <Anchor component={Link} to={SUPPORT_PATHS.farms} size="sm">
        ← All farms
      </Anchor>
      {farm.isError && <Text c="red">{errorMessage(farm.error)}</Text>}
      {farm.data && (
        <>
          <Group justify="space-between">
            <Title order={2} size="h3">
              Farm {farm.data.farm.farmNumber} · {farm.data.farm.country} · {farm.data.farm.ownerName}
            </Title>
            <Button
              component={Link}
              to={`${SUPPORT_PATHS.notices}?farm=${farm.data.farm.id}`}
              variant="light"
            >
              Send this farm a notice
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            Farm id {farm.data.farm.id} · language {farm.data.farm.language} · {farm.data.farm.cows} cows ·
            last reading {when(farm.data.farm.lastReadingAt)}
          </Text>
          <Users farm={farm.data} />
          <FarmOrders farmId={farm.data.farm.id} />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Devices farm={farm.data} />
            <Notices farm={farm.data} />
          </SimpleGrid>
          <Cows farm={farm.data} />
          <Messages farm={farm.data} />
        </>
      )}
    </Stack>
  );
}
