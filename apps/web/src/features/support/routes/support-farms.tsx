import { useState } from 'react';
import { Anchor, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '@cowcare/contract/api';
import { supportCall, supportKeys } from '../api/support-client';
import { when } from '../components/when';
import { SUPPORT_PATHS } from '../support-paths';
import { errorMessage } from '../support-error';

/** Every farm, searchable by what a caller says on the phone: the farm number, a name, a username, a phone. */
export function SupportFarmsRoute() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const farms = useQuery({
    queryKey: supportKeys.farms(q),
    queryFn: ({ signal }) => supportCall(api.support.listFarms, { query: q ? { q } : {}, signal }),
  });
  return (
    <Stack>
      <Title order={2} size="h3">
        Farms
      </Title>
      <TextInput
        label="Find a farm"
        description="Farm number, owner or user name, username or phone"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      {farms.isError && <Text c="red">{errorMessage(farms.error)}</Text>}
      {farms.data && farms.data.length === 0 && <Text c="dimmed">No farm matches.</Text>}
      {farms.data && farms.data.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Farm</Table.Th>
                <Table.Th>Country</Table.Th>
                <Table.Th>Owner</Table.Th>
                <Table.Th>Language</Table.Th>
                <Table.Th>Cows</Table.Th>
                <Table.Th>Gateways</Table.Th>
                <Table.Th>Last reading</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {farms.data.map((farm) => (
                <Table.Tr key={farm.id}>
                  <Table.Td>
                    <Anchor component={Link} to={SUPPORT_PATHS.farm(farm.id)}>
                      {farm.farmNumber}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{farm.country}</Table.Td>
                  <Table.Td>{farm.ownerName}</Table.Td>
                  <Table.Td>{farm.language}</Table.Td>
                  <Table.Td>{farm.cows}</Table.Td>
                  <Table.Td>{farm.gateways}</Table.Td>
                  <Table.Td>{when(farm.lastReadingAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
