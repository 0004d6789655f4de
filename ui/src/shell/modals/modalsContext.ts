import { createContext, useContext, type ReactNode } from 'react';

export interface ModalOptions {
  title?: string;
  message: ReactNode;
  /** Label of the affirmative (or only) button. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** The affirmative button destroys something (a delete, a removal): it is red. */
  destructive?: boolean;
}

export interface Modals {
  /** Conferma / Annulla; resolves true on Conferma. */
  confirm(options: ModalOptions | string): Promise<boolean>;
  /** Sì / No; resolves true on Sì. */
  yesNo(options: ModalOptions | string): Promise<boolean>;
  /** A single OK button. */
  alert(options: ModalOptions | string): Promise<void>;
  error(options: ModalOptions | string): Promise<void>;
  success(options: ModalOptions | string): Promise<void>;
}

export const ModalsContext = createContext<Modals | null>(null);

export function useModals(): Modals {
  const modals = useContext(ModalsContext);
  if (!modals) throw new Error('useModals outside ModalsProvider');
  return modals;
}
