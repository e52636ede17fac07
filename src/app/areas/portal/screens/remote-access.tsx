/**
 * "Acesso Remoto" (features/remote-access) with the signed-in person (features/auth): their own sessions may be
 * ended by a Técnico, and only they download the profile of their approved requests.
 */
import { useCurrentUser } from '@/features/auth/hooks';
import { RemoteAccessScreen } from '@/features/remote-access/screens/remote-access';

export default function RemoteAccessRoute() {
  const user = useCurrentUser();
  return <RemoteAccessScreen currentUid={user.uid} />;
}
