import { RegisterWizard } from '@/features/register/components/register-wizard';

export default function RegisterRoute() {
  return <RegisterWizard />;
}
