import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { getOperatorToken } from '@/lib/operator-token';
import { signInWithNext } from '@/lib/paths';

/** Screens without a stored operator token go to sign-in, and come back after it. */
export function RequireOperator({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!getOperatorToken()) return <Navigate to={signInWithNext(`${location.pathname}${location.search}`)} replace />;
  return children;
}
