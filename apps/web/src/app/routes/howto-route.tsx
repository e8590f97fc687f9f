import { HowtoScreen } from '@/features/howto/components/howto-screen';

export default function HowtoRoute() {
  return <HowtoScreen />;
}
