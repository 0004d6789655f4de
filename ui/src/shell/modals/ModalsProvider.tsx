/**
 * Modals available everywhere (seed 000 §2): confirm, yes/no, single button, error (title "Errore"), success
 * (title "Successo"). Each call returns a promise of the answer; requests queue and show one after another.
 */
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { ModalsContext, type ModalOptions, type Modals } from './modalsContext';

interface ButtonSpec { label: string; value: boolean; variant: 'filled' | 'default'; color?: string }

interface Request {
  id: number;
  title: string;
  message: ReactNode;
  buttons: ButtonSpec[];
  resolve: (answer: boolean) => void;
}

function normalise(options: ModalOptions | string): ModalOptions {
  return typeof options === 'string' ? { message: options } : options;
}

export function ModalsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Request[]>([]);
  const nextId = useRef(1);

  const open = useCallback((title: string, message: ReactNode, buttons: ButtonSpec[]) =>
    new Promise<boolean>((resolve) => {
      const id = nextId.current++;
      setQueue((q) => [...q, { id, title, message, buttons, resolve }]);
    }), []);

  const answer = useCallback((request: Request, value: boolean) => {
    setQueue((q) => q.filter((r) => r.id !== request.id));
    request.resolve(value);
  }, []);

  const api = useMemo<Modals>(() => ({
    confirm: (o) => {
      const { title = 'Conferma', message, confirmLabel = 'Conferma', cancelLabel = 'Annulla', destructive = false } = normalise(o);
      return open(title, message, [
        { label: cancelLabel, value: false, variant: 'default' },
        { label: confirmLabel, value: true, variant: 'filled', ...(destructive ? { color: 'red' } : {}) },
      ]);
    },
    yesNo: (o) => {
      const { title = 'Attenzione', message } = normalise(o);
      return open(title, message, [
        { label: 'No', value: false, variant: 'default' },
        { label: 'Sì', value: true, variant: 'filled' },
      ]);
    },
    alert: async (o) => {
      const { title = 'Avviso', message, confirmLabel = 'OK' } = normalise(o);
      await open(title, message, [{ label: confirmLabel, value: true, variant: 'filled' }]);
    },
    error: async (o) => {
      const { title = 'Errore', message, confirmLabel = 'OK' } = normalise(o);
      await open(title, message, [{ label: confirmLabel, value: true, variant: 'filled', color: 'red' }]);
    },
    success: async (o) => {
      const { title = 'Successo', message, confirmLabel = 'OK' } = normalise(o);
      await open(title, message, [{ label: confirmLabel, value: true, variant: 'filled', color: 'green' }]);
    },
  }), [open]);

  const current = queue.at(0);
  return (
    <ModalsContext.Provider value={api}>
      {children}
      <Modal
        opened={current !== undefined}
        onClose={() => current && answer(current, false)}
        title={current?.title}
        centered
        closeButtonProps={{ 'aria-label': 'Chiudi' }}
      >
        {current && (
          <>
            {typeof current.message === 'string' ? <Text>{current.message}</Text> : current.message}
            <Group justify="flex-end" mt="lg">
              {current.buttons.map((b) => (
                <Button key={b.label} variant={b.variant} color={b.color} onClick={() => answer(current, b.value)}>
                  {b.label}
                </Button>
              ))}
            </Group>
          </>
        )}
      </Modal>
    </ModalsContext.Provider>
  );
}
