/**
 * The shell's popups on first use (docs/performance.md): the user menu's dropdown, the alerts'
 * popup, the help tooltip, the must-read dialog and the toasts are one chunk (popups.tsx) that
 * the first screen neither loads nor renders. Each is drawn by a light stand-in (the same
 * button without its popup) until it is first used; the chunk loads at the user's first
 * interaction with the page (a touch, a key, a scroll), or at that first use.
 */
import type { FocusEvent, PointerEvent } from 'react';
import { type FirstUse, firstUseChunk } from '../../lib/first-use';

/** The popups' chunk. */
export const shellPopups = firstUseChunk(() => import('./popups'));

/**
 * The stand-in's handlers: pointed at with a mouse, focused from the keyboard (`:focus-visible`;
 * a tap's focus is left to the press that follows), pressed.
 */
export function standInHandlers(use: (how: FirstUse) => void) {
  return {
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse') use('point');
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      if (event.currentTarget.matches(':focus-visible')) use('focus');
    },
    onClick: () => use('press'),
  };
}
