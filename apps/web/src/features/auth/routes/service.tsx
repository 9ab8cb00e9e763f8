import { AgreementPage } from './agreement';

export function ServiceRoute() {
  return <AgreementPage kind="service" />;
}
