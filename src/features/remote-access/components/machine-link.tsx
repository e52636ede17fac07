import { StableLink } from '@/components/ui/stable-links';
import { portalPaths } from '@/config/paths';

export const LINK = 'text-accent-strong underline-offset-2 hover:underline';

/** A session's or event's machine, linked to its page (the name as it was asked). */
export function MachineLink({ id, name }: { id: string; name: string }) {
  return (
    <StableLink className={LINK} to={portalPaths.machine(id)}>
      {name}
    </StableLink>
  );
}
