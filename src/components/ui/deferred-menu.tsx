import {
  cloneElement,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';

/**
 * A dropdown menu whose code — Radix's menu and its scroll lock, about 15 KB gzip — is not part of the first paint
 * of the screen that shows its button. Until it is there, the button is the same element with the same
 * look and names (`aria-haspopup="menu"`); pointing at it or focusing it fetches the menu, and a press (pointer, or
 * Enter / Space / ↓) fetches it and opens it as soon as it is in, focus moving into it as Radix does. Once the code
 * is in, the loaded menu takes the button's place (keeping its focus). `preloadMenu(load)` fetches it in idle time.
 *
 * `load` returns the module of the real menu: a default export that renders `<DropdownMenu defaultOpen={…}>` with
 * `trigger` as its `DropdownMenuTrigger asChild` (ui/dropdown-menu's LoadedDropdownMenu does all of that).
 */
export interface LoadedMenuProps {
  /** The button, to render inside `DropdownMenuTrigger asChild`. */
  trigger: ReactElement;
  /** The button was pressed before the menu's code was in: open at once. */
  defaultOpen: boolean;
  /** That press was a key (Enter, Space, ↓): the first item gets the focus, as Radix does for a key. */
  openedWithKeyboard: boolean;
  /** The button had the focus when the menu's code came in: give it to the loaded trigger. */
  focusTrigger: boolean;
}

export type MenuModule<P> = { default: ComponentType<LoadedMenuProps & P> };

const loaded = new Map<() => Promise<unknown>, Promise<unknown>>();

/** Fetches a menu's module once (the idle-time preload and the button share the request). */
export function preloadMenu<M>(load: () => Promise<M>): Promise<M> {
  let pending = loaded.get(load) as Promise<M> | undefined;
  if (!pending) {
    pending = load();
    loaded.set(load, pending);
    // A failed fetch is tried again by the next intent.
    pending.catch(() => loaded.delete(load));
  }
  return pending;
}

type TriggerProps = {
  ref?: unknown;
  onPointerEnter?: (event: PointerEvent<HTMLButtonElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLButtonElement>) => void;
  onFocus?: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLButtonElement>) => void;
  type?: string;
  'aria-haspopup'?: string;
  'aria-expanded'?: boolean;
};

export function DeferredMenu<P extends object>({
  trigger,
  load,
  props,
}: {
  /** A `<button>` element (its look, label and content): the same before and after the menu's code is in. */
  trigger: ReactElement;
  load: () => Promise<MenuModule<P>>;
  /** What the loaded menu needs besides LoadedMenuProps. */
  props: P;
}): ReactElement {
  const [Menu, setMenu] = useState<ComponentType<LoadedMenuProps & P> | null>(null);
  const button = useRef<HTMLButtonElement | null>(null);
  const intent = useRef({ open: false, keyboard: false, focus: false });
  const mounted = useRef(false);
  useEffect(() => {
    // Set here, not in the ref's initial value: StrictMode mounts, unmounts and mounts again in development.
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const fetchMenu = useCallback(() => {
    preloadMenu(load)
      .then((module) => {
        if (!mounted.current) return;
        intent.current.focus = button.current !== null && document.activeElement === button.current;
        setMenu(() => module.default);
      })
      // The button stays as it is; the next intent tries again.
      .catch((error: unknown) => console.warn('Não foi possível carregar o menu:', error));
  }, [load]);

  if (Menu) {
    const { open, keyboard, focus } = intent.current;
    return <Menu trigger={trigger} defaultOpen={open} openedWithKeyboard={keyboard} focusTrigger={focus} {...props} />;
  }

  const press = (keyboard: boolean) => {
    intent.current.open = true;
    intent.current.keyboard = keyboard;
    fetchMenu();
  };
  const placeholderProps: TriggerProps = {
    ref: button,
    type: 'button',
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: fetchMenu,
    onFocus: fetchMenu,
    onPointerDown: (event) => {
      if (event.button === 0 && !event.ctrlKey) press(false);
    },
    onKeyDown: (event) => {
      if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
        event.preventDefault();
        press(true);
      }
    },
  };
  return cloneElement(trigger, placeholderProps);
}
