import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonProps } from './button';
import { CheckIcon, CopyIcon } from './icons';
import { toast } from './toast';

/** Writes text to the clipboard: the async Clipboard API, else the old selection copy (HTTP pages, old browsers). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // permission refused or not a secure context: try the selection copy
  }
  if (typeof document === 'undefined') return false;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  return copied;
}

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'value'> {
  /** The text copied. */
  value: string;
  /** The button's text ("Copiar código"). */
  label?: string;
  /** Said on the button for a moment once copied. */
  copiedLabel?: string;
  /** The toast once copied ("Código Pix copiado."). */
  copiedMessage?: string;
}

const COPIED_MS = 2500;

/**
 * Copies `value` to the clipboard: the button says "Copiado" for a moment (announced to screen readers) and a toast
 * confirms; when the browser refuses, a toast says to copy by hand. The text copied should also be on screen.
 */
export function CopyButton({
  value,
  label = 'Copiar',
  copiedLabel = 'Copiado',
  copiedMessage,
  variant = 'secondary',
  ...props
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  const copy = async () => {
    const ok = await copyText(value);
    if (!ok) {
      toast.error('Não foi possível copiar. Selecione o texto e copie manualmente.');
      return;
    }
    setCopied(true);
    if (copiedMessage) toast.success(copiedMessage);
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  return (
    <Button variant={variant} {...props} onClick={() => void copy()}>
      {copied ? <CheckIcon aria-hidden="true" width={16} height={16} /> : <CopyIcon aria-hidden="true" width={16} height={16} />}
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </Button>
  );
}
