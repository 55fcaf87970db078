/**
 * Sizes a scroll box so that it, and `below` pixels under it (a footer), end at the bottom of
 * the window: the page itself does not scroll, only the box (spec section 9: the grid's footer
 * "{count} of {total}" stays in view). Recomputed when the window or the page above changes.
 *
 * On a phone (`PHONE_QUERY`) the filters and toolbars above a grid fill most of the first
 * screen, so what is left would hold three or four rows: there the box takes at least
 * `PHONE_SHARE` of the window's height and the page scrolls on to it. Every grid that sizes
 * itself with this hook (the orders grid, the reports) follows the same rule.
 */
import { type RefObject, useLayoutEffect, useState } from 'react';

/** A phone-wide window (at most 40em, 640 px; the balance page's cards too): where the box takes `PHONE_SHARE` of the window. */
export const PHONE_QUERY = '(max-width: 40em)';
/** The share of a phone's window height (0..1) a box sized by `useFillViewport` takes at least. */
export const PHONE_SHARE = 0.7;

/**
 * The least height in px of a box in a window `windowHeight` px high: `min`, and on a phone at
 * least `PHONE_SHARE` of the window (see the file comment).
 */
export function fillViewportMin(min: number, windowHeight: number, phone: boolean): number {
  return phone ? Math.max(min, Math.round(windowHeight * PHONE_SHARE)) : min;
}

/** The box's height in px for the current window, never below `min` (nor, on a phone, below `PHONE_SHARE` of the window). */
export function useFillViewport(ref: RefObject<HTMLElement | null>, { below, min }: { below: number; min: number }): number {
  const [height, setHeight] = useState(min);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const phone = window.matchMedia(PHONE_QUERY);
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      const least = fillViewportMin(min, window.innerHeight, phone.matches);
      setHeight(Math.max(least, Math.floor(window.innerHeight - top - below)));
    };
    measure();
    // The content above the box (filters wrapping, alerts) can move it down.
    const observer = new ResizeObserver(measure);
    if (element.parentElement) observer.observe(element.parentElement);
    observer.observe(document.body);
    window.addEventListener('resize', measure);
    phone.addEventListener('change', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      phone.removeEventListener('change', measure);
    };
  }, [ref, below, min]);
  return height;
}
