import { TOAST_DURATION_MS } from '@wallet/contract/constants';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';

type ToastKind = 'danger' | 'success';
interface ToastItem {
  id: number;
  kind: ToastKind;
  text: string;
}
export interface ToastApi {
  danger: (text: string) => void;
  success: (text: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setItems((current) => current.filter((item) => item.id !== id)), []);
  const show = useCallback(
    (kind: ToastKind, text: string) => {
      const id = nextId.current++;
      setItems((current) => [...current.slice(-2), { id, kind, text }]);
      setTimeout(() => dismiss(id), TOAST_DURATION_MS);
    },
    [dismiss],
  );
  const api = useMemo<ToastApi>(
    () => ({ danger: (text) => show('danger', text), success: (text) => show('success', text) }),
    [show],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-region" aria-live="polite">
        {items.map((item) => (
          <div key={item.id} className={`toast toast-${item.kind}`} role={item.kind === 'danger' ? 'alert' : 'status'}>
            <span className="toast-text">{item.text}</span>
            <button type="button" className="icon-button" onClick={() => dismiss(item.id)} aria-label={t('ui.dismiss')}>
              <CloseIcon />
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs <ToastProvider>');
  return api;
}
