/**
 * How an order status and type look (spec section 4): the status label comes from the shared
 * `messages` namespace (the same words the server uses in its errors), the colour from here.
 */
import { TransactionStatus, transactionStatusIds } from '@portal/domain';

/** Mantine colour per status id: grey drafts and finals, blue on the way, green delivered, red disagreements. */
export const statusColor: Record<number, string> = {
  0: 'gray',
  1: 'blue',
  2: 'cyan',
  3: 'indigo',
  4: 'violet',
  5: 'green',
  6: 'red',
  7: 'dark',
  8: 'gray',
  9: 'orange',
  10: 'orange',
  11: 'yellow',
  12: 'orange',
  13: 'yellow',
  14: 'red',
};

/** All status ids, for the status filter. */
export const allStatusIds: readonly number[] = transactionStatusIds;

/** Whether an order is a disagreement (spec section 4: not-agreed orders carry a badge). */
export const isNotAgreed = (statusId: number) => statusId === TransactionStatus.NotAgreed;

/** The server's reason without the "Could not set order status: " that the toast's title already says. */
export function stripStatusPrefix(message: string, prefix: string): string {
  return prefix && message.startsWith(prefix) ? message.slice(prefix.length) : message;
}
