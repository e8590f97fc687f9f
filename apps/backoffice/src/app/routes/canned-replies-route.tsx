import { CannedRepliesScreen } from '@/features/chat/components/canned-replies-screen';
import { RequirePermission } from '../guards/require-permission';

export default function CannedRepliesRoute() {
  return (
    <RequirePermission needs="GET /api/backoffice/chat/canned-replies">
      <CannedRepliesScreen />
    </RequirePermission>
  );
}
