import { Link } from 'react-router';
import { playerPath } from '@/lib/paths';
import { canCall } from '@/lib/permissions';
import { useMe } from '@/lib/session/get-me';

/** A player's name, linked to their page when the role may open it. */
export function PlayerCell({ playerId, username }: { playerId: string; username: string }) {
  const me = useMe();
  if (!canCall(me.data?.role, 'GET /api/backoffice/players/:id')) return <span>{username}</span>;
  return <Link to={playerPath(playerId)}>{username}</Link>;
}
