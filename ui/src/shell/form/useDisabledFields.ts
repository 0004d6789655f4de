/**
 * Fields enabled by configuration (spec `enabledBy`, docs/spec-language.md#fields-enabled-by-configuration; seed
 * 002 §5: the pay-by-mail's cause and name-surname only while PWM.SPECIAL_REQUESTS is on): the fields of the form
 * whose boolean key is not true, read once per form through GET config/{key}. Until the answer comes they count
 * as off, so a field the server would refuse never shows for a moment.
 */
import { useEffect, useMemo, useState } from 'react';
import { useDataProvider } from '../../core/hooks/useDataProvider';
import type { FormDef } from '../../core/types';
import { arrived } from '../../core/arrival';

export function useDisabledFields(form: FormDef): ReadonlySet<string> {
  const api = useDataProvider();
  const [onKeys, setOnKeys] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const keys = [...new Set(Object.values(form.enabledBy ?? {}))];
    if (!keys.length) return;
    let live = true;
    void Promise.all(keys.map(async (key) => {
      const entry = await api.api.GET('/config/{key}', { params: { path: { key } } }).catch(() => undefined);
      return entry?.value === 'true' ? [key] : [];
    })).then((on) => { if (live) arrived(() => { setOnKeys(new Set(on.flat())); }); });
    return () => { live = false; };
  }, [api, form]);
  return useMemo(() => new Set(Object.entries(form.enabledBy ?? {}).filter(([, key]) => !onKeys.has(key)).map(([field]) => field)), [form, onKeys]);
}
