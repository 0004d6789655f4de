/**
 * A text the user copies elsewhere (`ui: { copy: { success, missing, label } }`, docs/spec-language.md#fields):
 * shown read-only with a button that puts it on the clipboard and says `success`; without a value the button
 * says `missing` instead (seed 002 §5 and §8: the pay-by-mail link, 'Link copiato', 'URL mancante.').
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { isRecord } from '../../core/guards';
import type { Row } from '../../core/types';
import { useBanners } from '../banners';
import type { ShellFormContext } from './formContext';
import { textOf } from '../../../../common/text';

export interface CopyRule { success: string; missing: string; label?: string }

/** The rule of a field's `ui:options.copy`, when it has one. */
export function copyRuleOf(uiField: unknown): CopyRule | undefined {
  const options = isRecord(uiField) ? uiField['ui:options'] : undefined;
  const copy = isRecord(options) ? options.copy : undefined;
  return isRecord(copy) && typeof copy.success === 'string' && typeof copy.missing === 'string'
    ? { success: copy.success, missing: copy.missing, ...(typeof copy.label === 'string' ? { label: copy.label } : {}) }
    : undefined;
}

/** The button: copies `value`, or says the rule's `missing` when there is none. */
export function CopyButton({ value, rule, fieldLabel }: { value: unknown; rule: CopyRule; fieldLabel: string }) {
  const banners = useBanners();
  const text = value === undefined || value === null ? '' : textOf(value).trim();
  const copy = async () => {
    if (!text) { banners.error(rule.missing); return; }
    try {
      await navigator.clipboard.writeText(text);
      banners.success(rule.success);
    } catch {
      // No clipboard (an insecure page, a refused permission): the text stays on screen to copy by hand.
      banners.error(`Copia non riuscita: selezionare il testo di "${fieldLabel}" e copiarlo a mano`);
    }
  };
  return (
    <Button variant="light" size="xs" leftSection={<IconCopy size={16} />} onClick={() => void copy()} aria-label={`${rule.label ?? 'Copia'}: ${fieldLabel}`}>
      {rule.label ?? 'Copia'}
    </Button>
  );
}

export function CopyTextWidget(props: WidgetProps<Row, RJSFSchema, ShellFormContext>) {
  const { id, label, uiSchema } = props;
  const value: unknown = props.value;
  const rule = copyRuleOf(uiSchema);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={`${id}-label`}>{label}</Text>
      <Group gap="sm" wrap="wrap">
        <Text size="sm" id={id} aria-labelledby={`${id}-label`} style={{ overflowWrap: 'anywhere' }}>{value ? textOf(value) : '-'}</Text>
        {rule && <CopyButton value={value} rule={rule} fieldLabel={label} />}
      </Group>
    </Stack>
  );
}
