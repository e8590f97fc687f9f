import { LimitInviteAfterRegister } from '@/features/protection/components/limit-invite';
import { RegisterWizard } from '@/features/register/components/register-wizard';

export default function RegisterRoute() {
  return <RegisterWizard successExtra={<LimitInviteAfterRegister />} />;
}
