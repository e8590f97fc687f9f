import { BankChangesScreen } from '@/features/players/components/bank-changes-screen';
import { RequirePermission } from '../guards/require-permission';

export default function BankChangesRoute() {
  return (
    <RequirePermission needs="GET /api/backoffice/bank-changes">
      <BankChangesScreen />
    </RequirePermission>
  );
}
