import { ProtectionReportScreen } from '@/features/players/components/protection-report-screen';
import { RequirePermission } from '../guards/require-permission';

export default function ProtectionRoute() {
  return (
    <RequirePermission needs="GET /api/backoffice/protection">
      <ProtectionReportScreen />
    </RequirePermission>
  );
}
