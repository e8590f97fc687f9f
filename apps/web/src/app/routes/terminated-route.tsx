import { TerminatedScreen } from '@/features/service-status/components/terminated-screen';

export default function TerminatedRoute() {
  return <TerminatedScreen />;
}
