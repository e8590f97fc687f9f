import { AdjustmentsScreen } from '@/features/players/components/adjustments-screen';
import { RequirePermission } from '../guards/require-permission';

export default function AdjustmentsRoute() {
  return (
    <RequirePermission needs="GET /api/backoffice/adjustments">
      <AdjustmentsScreen />
    </RequirePermission>
  );
}
