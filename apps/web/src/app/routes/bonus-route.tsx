import { BonusScreen } from '@/features/bonus/components/bonus-screen';

export default function BonusRoute() {
  return <BonusScreen />;
}
