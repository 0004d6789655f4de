/**
 * The filters of a list declared `collapseFilters` (seed 002 §3: "filters collapse on mobile after search"): on a
 * phone they fold behind a "Filtri" button once a typed search has settled, so the rows it found come into view;
 * the button says how many filters are set and opens them again. On a wider screen they always show.
 */
import { useState, type ReactNode } from 'react';
import { Button, Collapse, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';

const PHONE = '(max-width: 48em)';

interface Props {
  enabled: boolean;
  /** How many filters hold a value now. */
  active: number;
  /** Changes each time a typed search settles: the moment the filters fold. */
  searched: number;
  children: ReactNode;
}

export function FoldingFilters({ enabled, active, searched, children }: Props) {
  const phone = useMediaQuery(PHONE, undefined, { getInitialValueInEffect: false });
  // The user's last choice holds until the next search, which folds them again.
  const [choice, setChoice] = useState({ at: 0, open: true });
  const open = choice.at === searched ? choice.open : false;
  if (!enabled || !phone) return <>{children}</>;
  const count = active === 1 ? '1 attivo' : `${active} attivi`;
  return (
    <Stack gap="xs">
      <Button variant="light" leftSection={<IconFilter size={18} />} aria-expanded={open} aria-controls="filtri-elenco" onClick={() => setChoice({ at: searched, open: !open })} style={{ alignSelf: 'flex-start' }}>
        {open ? 'Nascondi filtri' : `Filtri (${count})`}
      </Button>
      <Collapse in={open} id="filtri-elenco">{children}</Collapse>
    </Stack>
  );
}
