/**
 * The frame of each shell layout of spec/ui/pages.yaml (`layout:`): the type makes every layout have one. Frames
 * are lazy chunks: a signed-out visitor (the login page) does not download the header, menu and notifications
 * of the signed-in frames; preloadFrame starts the download at start when a session may exist.
 */
import type { ShellDef, ShellLayout } from '../core/types';
import { chunk, type Chunk } from './chunk';

const FRAMES: Record<ShellLayout, Chunk<{ shell: ShellDef }>> = {
  sidebar: chunk(() => import('./Layout').then((m) => m.Layout)),
  topbar: chunk(() => import('./TopbarLayout').then((m) => m.TopbarLayout)),
};

export function ShellFrame({ shell }: { shell: ShellDef }) {
  const { Component: Frame } = FRAMES[shell.layout];
  return <Frame shell={shell} />;
}

/** Starts downloading the frame of `layout` (the page will need it once the session is confirmed). */
export function preloadFrame(layout: ShellLayout): Promise<unknown> {
  return FRAMES[layout].load();
}
