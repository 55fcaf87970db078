/**
 * Code loaded on first use (docs/performance.md, "The shell's popups on first use"): the parts
 * of a screen that are not drawn until the user reaches for them (a menu's dropdown, a popup, a
 * tooltip, a dialog, the toasts) travel in a chunk of their own. The screen draws a light
 * stand-in (the same button, without its popup), and swaps in the real part when the user
 * points at, focuses or presses it. The chunk loads at the user's first interaction with the
 * page, or at the first use itself; a use before it has arrived waits for it.
 */
import { type RefObject, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { loadChunk } from './chunk-load';

/** A chunk loaded once, by the first `load()`. */
export interface FirstUseChunk<T> {
  /** Starts loading (once; again after a failure); resolves with the module. */
  load(): Promise<T>;
  /** The module once loaded, else null; the component renders again when it arrives. */
  useModule(): T | null;
}

/** Wraps a dynamic import (`() => import('./x')`) as a chunk loaded on first use. */
export function firstUseChunk<T>(importer: () => Promise<T>): FirstUseChunk<T> {
  let module: T | null = null;
  let loading: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const load = () => {
    loading ??= loadChunk(importer).then(
      (loaded) => {
        module = loaded;
        for (const listener of listeners) listener();
        return loaded;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return { load, useModule: () => useSyncExternalStore(subscribe, () => module) };
}

/**
 * Runs `callback` once the page has loaded and the browser is idle (at most 5 s later; a second
 * after the load where the browser has no idle callback): for work no screen waits for.
 */
export function whenIdle(callback: () => void): void {
  const start = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(callback, { timeout: 5000 });
    else setTimeout(callback, 1000);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/**
 * Loads `chunk` at the user's first interaction with the page (a touch, a click, a key, a
 * scroll), so that it is usually there before the first use itself: a page that is only looked
 * at loads nothing more. Answers a function that removes the listeners. A failure is left to
 * the first use, which loads it again.
 */
export function loadOnFirstInteraction(chunk: FirstUseChunk<unknown>): () => void {
  const events = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
  const load = () => {
    stop();
    void chunk.load().catch(() => undefined);
  };
  const stop = () => {
    for (const event of events) window.removeEventListener(event, load, { capture: true });
  };
  for (const event of events) window.addEventListener(event, load, { capture: true, passive: true, once: true });
  return stop;
}

/** How the stand-in was first used: pointed at, focused (keyboard) or pressed. */
export type FirstUse = 'point' | 'focus' | 'press';

/**
 * Whether a pointer is pressed: from its `pointerdown` until the task after its `pointerup` (or
 * `pointercancel`), so the click that follows a release has been dispatched by then. Read from
 * listeners on the window in the capture phase, which run before React's own: a render React
 * makes as the press begins already sees it.
 */
const press = (() => {
  let down = false;
  const listeners = new Set<() => void>();
  const set = (value: boolean) => {
    if (down === value) return;
    down = value;
    for (const listener of listeners) listener();
  };
  const start = () => set(true);
  const end = () => setTimeout(() => set(false), 0);
  const subscribe = (listener: () => void) => {
    if (listeners.size === 0) {
      window.addEventListener('pointerdown', start, { capture: true, passive: true });
      for (const type of ['pointerup', 'pointercancel'] as const) window.addEventListener(type, end, { capture: true, passive: true });
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size > 0) return;
      window.removeEventListener('pointerdown', start, { capture: true });
      for (const type of ['pointerup', 'pointercancel'] as const) window.removeEventListener(type, end, { capture: true });
    };
  };
  return { subscribe, pressed: () => down, never: () => false, none: () => () => undefined };
})();

/**
 * For a stand-in of a part in `chunk`: `use(how)` marks the part as used and loads the chunk;
 * `module` is the loaded chunk once the part has been used (null before: draw the stand-in);
 * `how` tells the real part how it was reached, so that it takes the focus a keyboard user had
 * on the stand-in, or opens at once after a press. While a pointer is pressed the stand-in stays:
 * swapped between a press and its release, the release lands on another element and the browser
 * sends no click at all (issue 20: once the help icon had loaded the chunk, pointing at the bell
 * and clicking at once swapped it under the click, which did nothing); the press's click then
 * reaches the stand-in, and the part takes over after it. A chunk that fails to load at a use
 * throws its error in the next render, to the route's error boundary, which offers a reload.
 */
export function useFirstUse<T>(chunk: FirstUseChunk<T>): { module: T | null; how: FirstUse | null; use: (how: FirstUse) => void } {
  const loaded = chunk.useModule();
  const [how, setHow] = useState<FirstUse | null>(null);
  // Once the part has taken over it stays: only the swap itself waits for a press to end.
  const [swapped, setSwapped] = useState(false);
  const pressed = useSyncExternalStore(swapped ? press.none : press.subscribe, swapped ? press.never : press.pressed, press.never);
  const ready = how !== null && loaded !== null && !pressed;
  if (ready && !swapped) setSwapped(true);
  const [failure, setFailure] = useState<unknown>(null);
  if (failure) throw failure;
  const use = useCallback(
    (next: FirstUse) => {
      setHow((current) => (current === 'press' ? current : next));
      chunk.load().catch(setFailure);
    },
    [chunk],
  );
  return { module: swapped || ready ? loaded : null, how, use };
}

/** What a real part gets from its stand-in: how it was first used (null: not through the stand-in). */
export interface FirstUseProps {
  how: FirstUse | null;
}

/**
 * For a real part just swapped in for its stand-in: its `target` takes the focus the stand-in
 * had (pressed, or focused from the keyboard), and after a press `onPress` runs (open the popup).
 * Focused before it opens, so the popup gives the focus back to it when it closes.
 */
export function useTakeOver(how: FirstUse | null, target: RefObject<HTMLElement | null>, onPress?: () => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the use that loaded the part
  useEffect(() => {
    if (how === 'focus' || how === 'press') target.current?.focus();
    if (how === 'press') onPress?.();
  }, []);
}
