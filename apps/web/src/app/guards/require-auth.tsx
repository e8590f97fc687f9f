import { getToken } from '@wallet/web-kit/lib/auth-token';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginWithNext } from '@/lib/paths';

/** Member routes without a stored token go to /login?next=<where the visitor wanted to go>. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!getToken()) return <Navigate to={loginWithNext(`${location.pathname}${location.search}`)} replace />;
  return children;
}
