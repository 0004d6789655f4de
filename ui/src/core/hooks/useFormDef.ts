/** An entity's generated form definition (generated/forms/<Entity>.json), loaded once per entity name. */
import { useEffect, useState } from 'react';
import { loadFormDef } from '../artifacts';
import type { FormDef } from '../types';
import type { LoadState } from './useManifest';
import { arrived } from '../arrival';

export function useFormDef(entityName: string): LoadState<FormDef> {
  const [state, setState] = useState<LoadState<FormDef>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    loadFormDef(entityName).then(
      (value) => { if (live) arrived(() => { setState({ status: 'ready', value }); }); },
      (error: unknown) => live && setState({ status: 'error', error }),
    );
    return () => { live = false; };
  }, [entityName]);
  return state;
}
