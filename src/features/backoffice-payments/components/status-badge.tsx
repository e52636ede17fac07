import { Badge } from '@/components/ui/badge';

/** "Ativo" / "Inativo" (the text says it; the colour only repeats it). */
export function EnabledBadge({ enabled }: { enabled: boolean }) {
  return (
    <Badge tone={enabled ? 'success' : 'neutral'} dot>
      {enabled ? 'Ativo' : 'Inativo'}
    </Badge>
  );
}
