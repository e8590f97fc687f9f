import { useEffect } from 'react';
import { useServiceActive } from '@/features/service-status/api/get-active';
import { TERMINATED_MARKER } from '@/features/service-status/components/terminated-screen';

/**
 * SPEC §2 route guard on the login path: ask whether the service runs. A terminated service answers 410
 * 'gone', which the HTTP client turns into /terminated; otherwise the terminated marker is cleared.
 */
export function ServiceActiveCheck() {
  const { isSuccess } = useServiceActive();
  useEffect(() => {
    if (isSuccess) delete document.body.dataset[TERMINATED_MARKER];
  }, [isSuccess]);
  return null;
}
