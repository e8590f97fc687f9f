import { TOAST_DURATION_MS } from '@wallet/contract/constants';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
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

interface ToastHost {
  items: ToastItem[];
  dismiss: (id: number) => void;
  /**
   * An open dialog claims the toasts while it is open; returns its release. Toasts already standing answer
   * an earlier action: opening a dialog dismisses them, so they never sit over the new dialog's header.
   */
  claim: () => () => void;
  dialogs: number;
}

const ToastContext = createContext<ToastApi | null>(null);
const ToastHostContext = createContext<ToastHost | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const [dialogs, setDialogs] = useState(0);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  // Dismissals still waiting when the provider goes would update nothing.
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const dismiss = useCallback((id: number) => setItems((current) => current.filter((item) => item.id !== id)), []);
  const show = useCallback(
    (kind: ToastKind, text: string) => {
      const id = nextId.current++;
      setItems((current) => {
        // A success answers the error the player just saw (a retry that worked): the error goes, so the two
        // never stand side by side contradicting each other.
        const kept = kind === 'success' ? current.filter((item) => item.kind !== 'danger') : current;
        return [...kept.slice(-2), { id, kind, text }];
      });
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        dismiss(id);
      }, TOAST_DURATION_MS);
      timers.current.add(timer);
    },
    [dismiss],
  );
  const api = useMemo<ToastApi>(
    () => ({ danger: (text) => show('danger', text), success: (text) => show('success', text) }),
    [show],
  );
  const claim = useCallback(() => {
    setItems([]);
    setDialogs((count) => count + 1);
    return () => setDialogs((count) => count - 1);
  }, []);
  const host = useMemo<ToastHost>(() => ({ items, dismiss, claim, dialogs }), [items, dismiss, claim, dialogs]);

  return (
    <ToastContext.Provider value={api}>
      <ToastHostContext.Provider value={host}>
        {children}
        {/* Fixed above the bottom menu; while a dialog is open the dialog shows them in its own flow instead. */}
        {dialogs === 0 ? <ToastList className="toast-region" items={items} dismiss={dismiss} /> : null}
      </ToastHostContext.Provider>
    </ToastContext.Provider>
  );
}

function ToastList({
  className,
  items,
  dismiss,
}: {
  className: string;
  items: ToastItem[];
  dismiss: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={className} aria-live="polite">
      {items.map((item) => (
        <div key={item.id} className={`toast toast-${item.kind}`} role={item.kind === 'danger' ? 'alert' : 'status'}>
          <span className="toast-text">{item.text}</span>
          <button type="button" className="icon-button" onClick={() => dismiss(item.id)} aria-label={t('ui.dismiss')}>
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>
  );
}

/**
 * The toasts inside an open dialog, placed by the dialog between its header and its body: in the dialog's
 * flow they push the content down rather than covering the title, the close button or a field. Renders
 * nothing outside a ToastProvider (a dialog in a bare component test).
 */
export function DialogToasts() {
  const host = useContext(ToastHostContext);
  const claim = host?.claim;
  useEffect(() => claim?.(), [claim]);
  if (!host || host.items.length === 0) return null;
  return <ToastList className="toast-inline" items={host.items} dismiss={host.dismiss} />;
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs <ToastProvider>');
  return api;
}
