import { Button, type ButtonProps } from '@/components/ui/button';
import { LockIcon } from '@/components/ui/icons';
import { Tooltip, TooltipProvider } from '@/components/ui/tooltip';

/**
 * An action the role may not take, in its place: the same label with a lock, doing nothing, saying why on hover and
 * focus (it stays focusable) and to screen readers (its description).
 */
export function LockedButton({ label, reason, size = 'sm', variant = 'secondary' }: { label: string; reason: string } & Pick<ButtonProps, 'size' | 'variant'>) {
  return (
    <TooltipProvider>
      <Tooltip content={reason} side="bottom">
        <Button
          size={size}
          variant={variant}
          aria-disabled="true"
          aria-description={reason}
          className="cursor-not-allowed opacity-60"
          onClick={(event) => event.preventDefault()}
        >
          <LockIcon className="h-3.5 w-3.5" />
          {label}
        </Button>
      </Tooltip>
    </TooltipProvider>
  );
}
