import { Button, Code, Stack, Table, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import { supportCall, supportKeys } from '../api/support-client';
import { when } from '../components/when';
import { errorMessage } from '../support-error';

const PAGE = 100;

/** What support did: every console action with its agent, newest first. */
export function SupportAuditRoute() {
  const audit = useInfiniteQuery({
    queryKey: supportKeys.audit,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      supportCall(api.support.auditLog, { query: pageParam ? { before: pageParam } : {}, signal }),
    getNextPageParam: (last) => (last.length === PAGE ? last[last.length - 1]?.id : undefined),
  });
  const entries = audit.data?.pages.flat() ?? [];
  return (
    <Stack>
      <Title order={2} size="h3">
        Audit log
      </Title>
      {audit.isError && <Text c="red">{errorMessage(audit.error)}</Text>}
      <Table.ScrollContainer minWidth={720}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Agent</Table.Th>
              <Table.Th>Action</Table.Th>
              <Table.Th>On</Table.Th>
              <Table.Th>Details</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{when(entry.time)}</Table.Td>
                <Table.Td>{entry.agent}</Table.Td>
                <Table.Td>{entry.action}</Table.Td>
                <Table.Td>{entry.target}</Table.Td>
                <Table.Td>
                  <Code>{JSON.stringify(entry.details)}</Code>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {audit.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void audit.fetchNextPage()}
          loading={audit.isFetchingNextPage}
        >
          Older entries
        </Button>
      )}
    </Stack>
  );
}
