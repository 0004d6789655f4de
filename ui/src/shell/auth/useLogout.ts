/**
 * 'Esci' (seed 000 §4): logout clears the session and goes to the login page, that of the user's own shell
 * (spec/ui/pages.yaml `shells`), also from a page a visitor may open (the public /home), where no guard would
 * send the now anonymous user anywhere.
 */
import { useNavigate } from 'react-router-dom';
import { useManifest } from '../../core/hooks/useManifest';
import { loginPath, shellOfUser } from '../../core/navigation';
import { useSession } from '../../core/session';

export function useLogout(): () => Promise<void> {
  const session = useSession();
  const { shells } = useManifest();
  const navigate = useNavigate();
  return async () => {
    const target = loginPath((session.user ? shellOfUser(shells, session.user) : shells[0]).loginRealm);
    try {
      await session.logout();
    } finally {
      void navigate(target, { replace: true });
    }
  };
}
