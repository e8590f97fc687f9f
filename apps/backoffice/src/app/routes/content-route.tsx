import { ContentScreen } from '@/features/content/components/content-screen';
import { RequirePermission } from '../guards/require-permission';

export default function ContentRoute() {
  return (
    <RequirePermission needs="GET /api/backoffice/content/texts">
      <ContentScreen />
    </RequirePermission>
  );
}
