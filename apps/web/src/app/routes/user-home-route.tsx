import { HomeScreen } from './user-home/home-screen';

export default function UserHomeRoute() {
  return <HomeScreen />;
}
