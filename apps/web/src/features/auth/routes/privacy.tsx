import { AgreementPage } from './agreement';

export function PrivacyRoute() {
  return <AgreementPage kind="privacy" />;
}
