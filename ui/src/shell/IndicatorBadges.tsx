/**
 * Header counters declared in the spec (operations with `indicator:`, manifest `indicators`): the pending
 * requests of the bank (seed 000 §7). Each polls only for a logged-in user holding its permission, every
 * 60000 ms times its configuration key, and stops when the user logs out (ui/src/core/indicatorPolling.ts).
 */
import { Badge, Tooltip, UnstyledButton } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useManifest } from '../core/hooks/useManifest';
import { useSession } from '../core/session';
import type { IndicatorDef } from '../core/types';
import { useIndicatorCount } from './useIndicatorCount';

export function IndicatorBadges() {
  const { indicators } = useManifest();
  return <>{indicators.map((i) => <IndicatorBadge key={i.name} indicator={i} />)}</>;
}

function IndicatorBadge({ indicator }: { indicator: IndicatorDef }) {
  const session = useSession();
  const user = session.user?.username;
  const allowed = user !== undefined && session.can(indicator.permission);
  // A new user (or a logout) stops the polling, and the next one starts from no count: one counter per user.
  return allowed ? <IndicatorCount key={user} indicator={indicator} /> : null;
}

function IndicatorCount({ indicator }: { indicator: IndicatorDef }) {
  const navigate = useNavigate();
  const count = useIndicatorCount(indicator);
  if (count === undefined) return null;
  const { route } = indicator;
  const badge = <Badge size="lg" color={count > 0 ? 'red' : 'gray'} data-testid={`indicatore-${indicator.name}`}>{count}</Badge>;
  return (
    <Tooltip label={indicator.label}>
      {route
        ? <UnstyledButton aria-label={`${indicator.label}: ${count}`} onClick={() => void navigate(route)}>{badge}</UnstyledButton>
        : badge}
    </Tooltip>
  );
}
