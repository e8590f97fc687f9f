import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen';
import { RequirePermission } from '../guards/require-permission';

/** Where a signed-in operator lands: the dashboard (every role holds dashboard.read). */
export default function HomeRoute() {
  return (
    <RequirePermission needs="GET /api/backoffice/dashboard">
      <DashboardScreen />
    </RequirePermission>
  );
}
