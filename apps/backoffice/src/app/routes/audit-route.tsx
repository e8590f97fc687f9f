import { AuditScreen } from '@/features/audit/components/audit-screen';
import { RequirePermission } from '../guards/require-permission';

export default function AuditRoute() {
  return (
    <RequirePermission needs="GET /api/backoffice/audit">
      <AuditScreen />
    </RequirePermission>
  );
}
