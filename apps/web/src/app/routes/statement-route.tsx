import { StatementScreen } from '@/features/statement/components/statement-screen';

export default function StatementRoute() {
  return <StatementScreen />;
}
