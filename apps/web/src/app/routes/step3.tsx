import { AdeImport } from '../../features/exchange/components/ade-import';
import { Step3Route } from '../../features/setup/routes/step3';

/** Setup step 3 with the import of another program's ICAR ADE file beside the CSV. */
export function Step3WithAdeRoute() {
  return <Step3Route fileImport={<AdeImport />} />;
}
