/**
 * A red count on a link or menu item (disagreements, counts to confirm): the number is shown,
 * and its meaning ("3 disagreements") is read out to screen readers after it.
 */
import { Badge, VisuallyHidden } from '@mantine/core';

/** The badge, or nothing when `count` is 0. `label` is the translated meaning for `count`. */
export function CountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <Badge color="red" size="sm" circle={count < 10}>
      {count}
      <VisuallyHidden>{` ${label}`}</VisuallyHidden>
    </Badge>
  );
}
