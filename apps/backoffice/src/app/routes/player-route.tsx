import { useParams } from 'react-router';
import { PlayerScreen } from '@/features/players/components/player-screen';
import { RequirePermission } from '../guards/require-permission';

export default function PlayerRoute() {
  const { id = '' } = useParams();
  return (
    <RequirePermission needs="GET /api/backoffice/players/:id">
      <PlayerScreen key={id} playerId={id} />
    </RequirePermission>
  );
}
