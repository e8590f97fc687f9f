import { PlayersScreen } from '@/features/players/components/players-screen';
import { RequirePermission } from '../guards/require-permission';

export default function PlayersRoute() {
  return (
    <RequirePermission needs="GET /api/backoffice/players">
      <PlayersScreen />
    </RequirePermission>
  );
}
