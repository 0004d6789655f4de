/**
 * The grants of a role: one row per function, grouped by menu area, with a checkbox for each action the spec
 * checks for that function; '*' row and column mean "all". Each checkbox is named "function: action" in words.
 */
import { Checkbox, ScrollArea, Table, Text } from '@mantine/core';
import type { Catalogue } from './catalogue';
import type { Grant } from './roleApi';

export const grantKey = (g: Grant) => `${g.funzione}:${g.azione}`;

interface Props {
  catalogue: Catalogue;
  grants: Grant[];
  readOnly: boolean;
  onChange: (grants: Grant[]) => void;
}

export function GrantTable({ catalogue, grants, readOnly, onChange }: Props) {
  const held = new Set(grants.map(grantKey));
  const toggle = (funzione: string, azione: string, on: boolean) => {
    const key = grantKey({ funzione, azione });
    onChange(on ? [...grants, { funzione, azione }] : grants.filter((g) => grantKey(g) !== key));
  };
  const columns = catalogue.actions.length + 1;
  return (
    <ScrollArea>
      <Table withTableBorder withColumnBorders striped stickyHeader aria-label="Permessi del ruolo">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Funzione</Table.Th>
            {catalogue.actions.map((a) => <Table.Th key={a.value} ta="center"><Text size="xs" fw={600}>{a.label}</Text></Table.Th>)}
          </Table.Tr>
        </Table.Thead>
        {catalogue.areas.map((area) => (
          <Table.Tbody key={area.label}>
            <Table.Tr>
              <Table.Th colSpan={columns} scope="rowgroup" bg="var(--mantine-color-default-hover)">
                <Text size="sm" fw={700}>{area.label}</Text>
              </Table.Th>
            </Table.Tr>
            {area.functions.map((f) => (
              <Table.Tr key={f.value}>
                <Table.Th scope="row" fw="normal">
                  <Text size="sm">{f.label}</Text>
                  {f.label !== f.value && <Text size="xs" c="dimmed">{f.value}</Text>}
                </Table.Th>
                {catalogue.actions.map((a) => (
                  <Table.Td key={a.value} ta="center">
                    {f.actions.includes(a.value) && (
                      <Checkbox
                        display="inline-block"
                        aria-label={`${f.label}: ${a.label}`}
                        checked={held.has(`${f.value}:${a.value}`)}
                        disabled={readOnly}
                        onChange={(e) => toggle(f.value, a.value, e.currentTarget.checked)}
                      />
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        ))}
      </Table>
    </ScrollArea>
  );
}
