import { MoneyDeskScreen } from '@/features/money-desk/components/money-desk-screen';
import { RequirePermission } from '../guards/require-permission';

export default function MoneyDeskRoute() {
  return (
    <RequirePermission needs="GET /api/backoffice/money/slips">
      <MoneyDeskScreen />
    </RequirePermission>
  );
}
