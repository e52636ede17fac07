import { cn } from '@/lib/cn';

export function Avatar({ text, className }: { text: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-accent text-xs font-semibold text-white',
        className,
      )}
    >
      {text}
    </span>
  );
}
