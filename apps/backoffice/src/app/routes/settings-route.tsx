import { SettingsScreen } from '@/features/settings/components/settings-screen';
import { RequirePermission } from '../guards/require-permission';

export default function SettingsRoute() {
  return (
    <RequirePermission needs="GET /api/backoffice/settings">
      <SettingsScreen />
    </RequirePermission>
  );
}
