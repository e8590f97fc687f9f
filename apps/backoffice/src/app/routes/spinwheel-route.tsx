import { SpinwheelScreen } from '@/features/spinwheel/components/spinwheel-screen';
import { RequirePermission } from '../guards/require-permission';

export default function SpinwheelRoute() {
  return (
    <RequirePermission needs="GET /api/backoffice/spinwheel/wheels">
      <SpinwheelScreen />
    </RequirePermission>
  );
}
