import { AccountScreen } from '@/features/account/components/account-screen';

export default function AccountRoute() {
  return <AccountScreen />;
}
