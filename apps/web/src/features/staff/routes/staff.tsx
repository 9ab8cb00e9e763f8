import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { useStaff } from '../api/get-staff';
import { AddMemberForm } from '../components/add-member-form';
import { Invitations } from '../components/invitations';
import { MemberList } from '../components/member-list';

/** The farm's people (owners only, architecture §10): members and roles, invitation codes, adding a user. */
export function StaffRoute() {
  const { t } = useTranslation();
  const staff = useStaff();
  return (
    <Page title={t('staff.title')} back backTo={paths.index.webuser}>
      {staff.isPending ? (
        <PageLoader />
      ) : staff.isError ? (
        <QueryError error={staff.error} onRetry={() => void staff.refetch()} />
      ) : (
        <Stack gap="lg">
          <Card withBorder component="section" aria-labelledby="staff-members">
            <Title order={2} size="h4" mb={4} id="staff-members">
              {t('staff.members.title')}
            </Title>
            <Text size="xs" c="dimmed">
              {t('staff.role.ownerHint')}
            </Text>
            <Text size="xs" c="dimmed" mb="sm">
              {t('staff.role.staffHint')}
            </Text>
            <MemberList members={staff.data.members} />
          </Card>
          <Card withBorder component="section" aria-labelledby="staff-invite">
            <Title order={2} size="h4" mb="sm" id="staff-invite">
              {t('staff.invite.title')}
            </Title>
            <Invitations open={staff.data.invitations} />
          </Card>
          <Card withBorder component="section" aria-labelledby="staff-add">
            <Title order={2} size="h4" mb="sm" id="staff-add">
              {t('staff.add.title')}
            </Title>
            <AddMemberForm />
          </Card>
        </Stack>
      )}
    </Page>
  );
}
