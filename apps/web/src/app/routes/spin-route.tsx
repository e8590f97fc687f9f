import { SpinScreen } from '@/features/spin/components/spin-screen';

/** /user/spin: its own chunk, so the wheel's code loads only on this screen. */
export default function SpinRoute() {
  return <SpinScreen />;
}
