import { LoginForm } from '@/features/auth/components/login-form';
import { ServiceActiveCheck } from '../guards/service-active-check';

export default function LoginRoute() {
  return (
    <>
      <ServiceActiveCheck />
      <LoginForm />
    </>
  );
}
