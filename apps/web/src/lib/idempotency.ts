/**
 * Idempotency keys of creates (docs/domain.md, "Idempotency keys"): a form sends one key with
 * every try of one submission, so a retry after a lost answer creates nothing twice; a new key
 * once the submission succeeded (the next one is another create). POST Orders, Rentals,
 * ContainerOrders, SupportTickets and CountAudits take one.
 */
import { useCallback, useState } from 'react';

/** A random key (a UUID; crypto.randomUUID needs a secure context, so 128 random bits in hex without one). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The key of a form's current submission: `key` goes with every try; `renew` after the create
 * succeeded (or the form is emptied for another one) starts the next submission's key.
 */
export function useIdempotencyKey(): { key: string; renew: () => void } {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return { key, renew };
}
