/**
 * Sizes a scroll box so that it, and `below` pixels under it (a footer), end at the bottom of
 * the window: the page itself does not scroll, only the box (spec section 9: the grid's footer
 * "{count} of {total}" stays in view). Recomputed when the window or the page above changes.
 */
import { type RefObject, useLayoutEffect, useState } from 'react';

/** The box's height in px for the current window, never below `min`. */
export function useFillViewport(ref: RefObject<HTMLElement | null>, { below, min }: { below: number; min: number }): number {
  const [height, setHeight] = useState(min);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(min, Math.floor(window.innerHeight - top - below)));
    };
    measure();
    // The content above the box (filters wrapping, alerts) can move it down.
    const observer = new ResizeObserver(measure);
    if (element.parentElement) observer.observe(element.parentElement);
    observer.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref, below, min]);
  return height;
}
