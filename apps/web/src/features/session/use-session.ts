/**
 * The session store (spec section 4, "Session"): who acts for which customer and location,
 * the initial data, and the switch action. Read it with `useSession()` anywhere under /app.
 */
import type { SessionStatus, SwitchStatusRequest } from '@portal/domain';
import { createContext, useContext } from 'react';
import type { InitialData } from './session-api';

export interface SessionValue extends InitialData {
  status: SessionStatus;
  /** Whether the acting user is someone else than the signed-in user. */
  actingAsOther: boolean;
  /** Switches customer, location or user; the app is not ready until the data reloads. */
  switchTo: (request: SwitchStatusRequest) => Promise<void>;
}

export const SessionContext = createContext<SessionValue | null>(null);

/** The ready session. Throws outside the /app area, where no session exists. */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession() is only available under /app (inside SessionProvider)');
  return value;
}

/** The ready session, or null outside the /app area. */
export function useOptionalSession(): SessionValue | null {
  return useContext(SessionContext);
}
