/**
 * A list's button running a custom operation (docs/spec-language.md#list-operations; seed 002 §5: the cover
 * sheet of the selected contracts, the reminder file of the searched company): shown to holders of its
 * permission, it asks the spec's question (with the number of selected rows), calls the operation with the
 * selection or the filters, saves the file it answers or shows its message, and shows a refusal as a banner
 * (the server decides: "Nessun contratto in attesa di sollecito.").
 */
import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { bannerMessage } from '../../core/apiError';
import { isRecord } from '../../core/guards';
import { useDataProvider } from '../../core/hooks/useDataProvider';
import { listOperationCall, listOperationQuestion } from '../../core/listOperations';
import { saveFile } from '../../core/saveFile';
import { useSession } from '../../core/session';
import type { ListOperation } from '../../core/types';
import { useBanners } from '../banners';
import { useModals } from '../modals/modalsContext';

interface Props {
  operation: ListOperation;
  /** The selected rows' keys (for an operation on the selection). */
  selectedKeys?: readonly string[];
  /** The list's filter values by parameter. */
  filters: Readonly<Record<string, string | undefined>>;
  /** After it succeeded: the selection is cleared and the rows (which it may have changed) reloaded. */
  onDone?: () => void;
  size?: 'compact-md' | 'sm';
}

export function ListOperationButton({ operation, selectedKeys = [], filters, onDone, size = 'sm' }: Props) {
  const provider = useDataProvider();
  const { can } = useSession();
  const banners = useBanners();
  const modals = useModals();
  const [running, setRunning] = useState(false);
  if (!can(operation.permission)) return null;

  const run = async () => {
    const question = listOperationQuestion(operation, selectedKeys.length);
    if (question && !(await modals.yesNo({ title: operation.label, message: question }))) return;
    const call = listOperationCall(operation, selectedKeys, filters);
    setRunning(true);
    try {
      if (operation.file) {
        const file = await provider.downloadPath(call.path, call);
        saveFile(file.blob, file.fileName);
        banners.success(`File scaricato: ${file.fileName}`);
      } else {
        const answer = await provider.requestPath(call.method, call.path, call);
        banners.success(isRecord(answer) && typeof answer.message === 'string' ? answer.message : 'Operazione eseguita');
      }
      onDone?.();
    } catch (error) {
      // The selection stays: the user corrects it (unticks the row the refusal names) and tries again.
      banners.error(bannerMessage(error));
    } finally {
      setRunning(false);
    }
  };

  return (
    <Button size={size} variant={operation.selection === undefined ? 'default' : 'light'} loading={running}
      leftSection={operation.file ? <IconDownload size={18} /> : undefined} onClick={() => void run()}>
      {operation.label}
    </Button>
  );
}
