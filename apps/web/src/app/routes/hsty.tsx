import { HstyScreen } from '../../features/cows/routes/hsty';
import { HealthCaseFiles } from '../../features/health/components/health-case-files';

/** A cow's history (`hsty?id=`): the cows' timeline, with each health case's pictures from the health feature. */
export function HstyRoute() {
  return (
    <HstyScreen
      renderHealthCaseFiles={(item, cowId, readOnly) => (
        <HealthCaseFiles cowId={cowId} caseId={item.id} readOnly={readOnly} />
      )}
    />
  );
}
