import { TOAST_DURATION_MS } from '@wallet/contract/constants';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, WarningIcon } from './icons';
import { Modal } from './modal';

type AlertKind = 'error' | 'success';
interface AlertState {
  kind: AlertKind;
  title: string;
  message: string;
}
export interface AlertApi {
  error: (message: string, title?: string) => void;
  success: (message: string, title?: string) => void;
}

const AlertContext = createContext<AlertApi | null>(null);

/** Error/success alert with a title and a message; closes itself after 4 s (SPEC §9). */
export function AlertProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<AlertState | null>(null);
  const close = useCallback(() => setAlert(null), []);

  useEffect(() => {
    if (!alert) return;
    const timer = setTimeout(close, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [alert, close]);

  const api = useMemo<AlertApi>(
    () => ({
      error: (message, title) => setAlert({ kind: 'error', message, title: title ?? t('ui.alertError') }),
      success: (message, title) => setAlert({ kind: 'success', message, title: title ?? t('ui.alertSuccess') }),
    }),
    [t],
  );

  return (
    <AlertContext.Provider value={api}>
      {children}
      <Modal
        open={alert !== null}
        onClose={close}
        role="alertdialog"
        className={`alert alert-${alert?.kind ?? 'error'}`}
        title={
          <span className="alert-title">
            {alert?.kind === 'success' ? <CheckIcon /> : <WarningIcon />}
            {alert?.title}
          </span>
        }
        footer={
          <button type="button" className="btn btn-primary btn-block" onClick={close}>
            {t('common.ok')}
          </button>
        }
      >
        <p className="alert-message">{alert?.message}</p>
      </Modal>
    </AlertContext.Provider>
  );
}

export function useAlert(): AlertApi {
  const api = useContext(AlertContext);
  if (!api) throw new Error('useAlert needs <AlertProvider>');
  return api;
}
