/**
 * The single-sign-on and one-time-login entry (seed 000 §1, §4; docs/federated-login.md): any address with
 * sinergia_id and FEU, or otfid and otftipo (core/federatedEntry.ts). The assertion is posted once; then the
 * user lands on the home of its shell, the history entry that held the assertion replaced. A refused assertion
 * destroys the session and logs out (seed 000 §4): the server's message, then the login page of the realm.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../core/apiError';
import type { FederatedEntry } from '../../../../common/federated-entry';
import { useManifest } from '../../core/hooks/useManifest';
import { defaultShell, loginPath, shellOfUser } from '../../core/navigation';
import { useSession } from '../../core/session';
import { useModals } from '../modals/modalsContext';
import { usePageTitle } from '../pageTitle';
import { FullPageLoader } from './guards';
import { SYSTEM_ERROR } from './LoginPage';

/** Assertions posted by this page: an assertion works once, so a second effect run (StrictMode) must not post it again. */
const posted = new Set<string>();

export default function FederatedEntryPage({ entry }: { entry: FederatedEntry }) {
  usePageTitle('Accesso');
  const session = useSession();
  const modals = useModals();
  const navigate = useNavigate();
  const { shells } = useManifest();

  useEffect(() => {
    if (posted.has(entry.assertion)) return;
    posted.add(entry.assertion);
    const realmShell = shells.find((s) => s.loginRealm === entry.userType) ?? defaultShell(shells);
    session.federatedLogin(entry).then(
      (user) => { void navigate(shellOfUser(shells, user).home, { replace: true }); },
      async (error: unknown) => {
        await session.logout();
        await modals.error(error instanceof ApiError && error.status === 401 ? error.message : SYSTEM_ERROR);
        void navigate(loginPath(realmShell.loginRealm), { replace: true });
      },
    );
  }, [entry, session, modals, navigate, shells]);

  return <FullPageLoader />;
}
