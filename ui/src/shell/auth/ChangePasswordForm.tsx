/**
 * Old, new and confirmed password for POST users/changePassword (public: it also serves an expired
 * password, ERROR_016). Shared by the change-password page and the dialog opened at login.
 */
import { useState, type SubmitEvent } from 'react';
import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { ApiError, userMessage } from '../../core/apiError';
import { useValidationMessages } from '../../core/hooks/useManifest';
import { useSession } from '../../core/session';

export const PASSWORD_MISMATCH = 'ATTENZIONE: le password inserite non corrispondono!';

interface Props {
  username: string;
  /** Called with the server's success message. */
  onDone: (message: string) => void | Promise<void>;
  onCancel?: () => void;
}

type Field = 'oldPassword' | 'newPassword' | 'confirm';
const FIELDS: readonly Field[] = ['oldPassword', 'newPassword', 'confirm'];

export function ChangePasswordForm({ username, onDone, onCancel }: Props) {
  const { required: REQUIRED } = useValidationMessages();
  const { api } = useSession();
  const [values, setValues] = useState<Record<Field, string>>({ oldPassword: '', newPassword: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: Field) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = Object.fromEntries(FIELDS.filter((f) => !values[f]).map((f) => [f, REQUIRED]));
    setErrors(missing);
    if (Object.keys(missing).length) { setAlert(null); return; }
    if (values.newPassword !== values.confirm) { setAlert(PASSWORD_MISMATCH); return; }
    setAlert(null);
    setBusy(true);
    try {
      const answer = await api.changePassword(username, values.oldPassword, values.newPassword);
      setValues({ oldPassword: '', newPassword: '', confirm: '' });
      await onDone(answer.message);
    } catch (error) {
      const details = error instanceof ApiError ? error.details : [];
      setErrors(Object.fromEntries(details.filter((d) => d.field in values).map((d) => [d.field, d.message])));
      setAlert(userMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack>
        {alert && <Alert color="red" role="alert">{alert}</Alert>}
        <PasswordInput label="Password attuale" autoComplete="current-password" value={values.oldPassword} onChange={set('oldPassword')} error={errors.oldPassword} />
        <PasswordInput label="Nuova password" autoComplete="new-password" value={values.newPassword} onChange={set('newPassword')} error={errors.newPassword} />
        <PasswordInput label="Conferma nuova password" autoComplete="new-password" value={values.confirm} onChange={set('confirm')} error={errors.confirm} />
        <Group>
          <Button type="submit" loading={busy}>Cambia password</Button>
          {onCancel && <Button variant="default" onClick={onCancel}>Annulla</Button>}
        </Group>
      </Stack>
    </form>
  );
}
