import { StaffScreen } from '@/features/staff/components/staff-screen';
import { RequirePermission } from '../guards/require-permission';

export default function StaffRoute() {
  return (
    <RequirePermission needs="GET /api/backoffice/staff">
      <StaffScreen />
    </RequirePermission>
  );
}
