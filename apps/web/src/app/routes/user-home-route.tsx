import { HomeScreen } from '@/features/home/components/home-screen';
import { useProfile } from '@/features/profile/api/get-profile';

export default function UserHomeRoute() {
  const { data } = useProfile();
  return <HomeScreen name={data?.name} />;
}
