/** The frame of each shell layout of spec/ui/pages.yaml (`layout:`): the type makes every layout have one. */
import type { ComponentType } from 'react';
import type { ShellDef, ShellLayout } from '../core/types';
import { Layout } from './Layout';
import { TopbarLayout } from './TopbarLayout';

const LAYOUTS: Record<ShellLayout, ComponentType<{ shell: ShellDef }>> = { sidebar: Layout, topbar: TopbarLayout };

export function ShellFrame({ shell }: { shell: ShellDef }) {
  const Frame = LAYOUTS[shell.layout];
  return <Frame shell={shell} />;
}
