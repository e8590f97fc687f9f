import { SandboxSmsScreen } from '@/features/sandbox-sms/components/sandbox-sms-screen';
import { RequirePermission } from '../guards/require-permission';

export default function SandboxSmsRoute() {
  return (
    <RequirePermission needs="GET /api/backoffice/sandbox/sms">
      <SandboxSmsScreen />
    </RequirePermission>
  );
}
