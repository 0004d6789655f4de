/**
 * Info, success and error banners; they close by themselves after the manifest's `ui.bannerTimeoutMs`
 * (3000 ms, seed 000 §2).
 */
import { useMemo } from 'react';
import { notifications } from '@mantine/notifications';
import { useManifest } from '../core/hooks/useManifest';

export interface Banners {
  info(message: string): void;
  success(message: string): void;
  error(message: string): void;
}

export function useBanners(): Banners {
  const { ui } = useManifest();
  return useMemo(() => {
    const show = (color: string, title: string, message: string) =>
      // The close button is an icon: its name is said aloud (axe button-name).
      notifications.show({ color, title, message, autoClose: ui.bannerTimeoutMs, withCloseButton: true, closeButtonProps: { 'aria-label': 'Chiudi' } });
    return {
      info: (message) => show('blue', 'Informazione', message),
      success: (message) => show('green', 'Successo', message),
      error: (message) => show('red', 'Errore', message),
    };
  }, [ui.bannerTimeoutMs]);
}
