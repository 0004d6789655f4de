/**
 * The frame of each shell layout of spec/ui/pages.yaml (`layout:`): the type makes every layout have one. Frames
 * are lazy chunks: a signed-out visitor (the login page) does not download the header, menu and notifications
 * of the signed-in frames; preloadFrame starts the download at start when a session may exist.
 */
import { lazy, type ComponentType } from 'react';
import type { ShellDef, ShellLayout } from '../core/types';

const FRAME_CHUNKS = {
  sidebar: () => import('./Layout').then((m) => ({ default: m.Layout })),
  topbar: () => import('./TopbarLayout').then((m) => ({ default: m.TopbarLayout })),
} as const satisfies Record<ShellLayout, () => Promise<{ default: ComponentType<{ shell: ShellDef }> }>>;

const LAYOUTS: Record<ShellLayout, ComponentType<{ shell: ShellDef }>> = { sidebar: lazy(FRAME_CHUNKS.sidebar), topbar: lazy(FRAME_CHUNKS.topbar) };

export function ShellFrame({ shell }: { shell: ShellDef }) {
  const Frame = LAYOUTS[shell.layout];
  return <Frame shell={shell} />;
}

/** Starts downloading the frame of `layout` (the page will need it once the session is confirmed). */
export function preloadFrame(layout: ShellLayout): void {
  FRAME_CHUNKS[layout]().catch(() => undefined);
}
