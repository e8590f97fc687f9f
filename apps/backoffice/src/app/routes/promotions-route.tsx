import { PromotionsScreen } from '@/features/promotions/components/promotions-screen';
import { RequirePermission } from '../guards/require-permission';

export default function PromotionsRoute() {
  return (
    <RequirePermission needs="GET /api/backoffice/promotions/report">
      <PromotionsScreen />
    </RequirePermission>
  );
}
