/**
 * The styles of a receipt's facts (a Mantine DataList): the label column has a fixed width and
 * wraps a long label ("Slutgiltigt utan svar den") instead of pushing its value out of line, and
 * a long value wraps too, so nothing scrolls sideways on a phone.
 */

/** DataList `styles` with the label column `labelWidth` wide (px or a percentage). */
export function factStyles(labelWidth: number | string) {
  return {
    itemLabel: {
      color: 'var(--mantine-color-gray-7)',
      flex: `0 0 ${typeof labelWidth === 'number' ? `${labelWidth}px` : labelWidth}`,
      minWidth: 0,
    },
    itemValue: { minWidth: 0, overflowWrap: 'anywhere' as const },
  };
}
