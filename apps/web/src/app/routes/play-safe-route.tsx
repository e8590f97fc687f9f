import { PlaySafeScreen } from '@/features/protection/components/play-safe-screen';

export default function PlaySafeRoute() {
  return <PlaySafeScreen />;
}
