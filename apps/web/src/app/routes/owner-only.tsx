import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { LockIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { paths } from '../../config/paths';
import { useIsOwner } from '../../lib/roles';

/**
 * A page only the farm's owners use (money, settings, staff): staff who reach it by a typed address or an
 * old link see that it is the owner's, instead of a page whose calls all fail.
 */
export function OwnerOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  if (useIsOwner()) return children;
  return (
    <Page title={t('roles.ownerOnly.title')} back backTo={paths.home}>
      <EmptyState icon={<LockIcon />} title={t('roles.ownerOnly.title')} body={t('roles.ownerOnly.body')} />
    </Page>
  );
}
