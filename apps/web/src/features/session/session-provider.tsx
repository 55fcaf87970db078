/**
 * Holds the session of the /app area (spec section 4, "App start" and "Session"): not ready
 * until POST Actions answers; on an error goes to /error (401: token removed, back to the front
 * page with returnUrl); sets the language from the status; sends a non-global-admin who has not
 * confirmed GDPR to /gdpr. Switching customer, location or user posts the switch, then resets
 * every query, so the app is not ready until the initial data has loaded again.
 */
import { notifications } from '@mantine/notifications';
import { isLocale, type SwitchStatusRequest } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { changeLocale } from '../../i18n';
import { ApiError, tokenStore } from '../../lib/api';
import { loginUrlReturningTo } from '../../lib/return-path';
import { initialDataQuery, needsGdprConfirmation, switchSessionStatus } from './session-api';
import { SessionContext, type SessionValue } from './use-session';

/** Provides `useSession()` to the /app area and shows a spinner until the session is ready. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { t, i18n } = useTranslation();
  const query = useQuery(initialDataQuery);
  const [switching, setSwitching] = useState(false);
  const here = location.pathname + location.search;

  // Only a new error decides where to go; the path at that moment is the one to return to.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per error
  useEffect(() => {
    const error = query.error;
    if (!error) return;
    if (error instanceof ApiError && error.status === 401) {
      // No token: signed out, or the 401 handler has sent the user to sign in already.
      if (!tokenStore.get()) return;
      tokenStore.clear();
      navigate(loginUrlReturningTo(here), { replace: true });
    } else {
      navigate('/error', { replace: true, state: { message: error.message } });
    }
  }, [query.error]);

  const data = query.data;
  const gdprPending = !!data && needsGdprConfirmation(data.status.loginUser);
  // Not ready until the user's language is active, so the shell does not flash another one.
  const languagePending = !!data && isLocale(data.status.language) && data.status.language !== i18n.language;

  // Runs once per loaded session (a switch loads a new one).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per loaded session
  useEffect(() => {
    if (!data) return;
    if (isLocale(data.status.language) && data.status.language !== i18n.language) void changeLocale(data.status.language);
    if (gdprPending) {
      navigate(`/gdpr?returnUrl=${encodeURIComponent(here)}`, { replace: true });
      return;
    }
    for (const failure of data.failed) {
      notifications.show({ color: 'red', title: t('errors.initFailed'), message: failure.message });
    }
  }, [data]);

  const switchTo = useCallback(
    async (request: SwitchStatusRequest) => {
      // A refused switch rejects here, before anything unmounts, so the dialog can show why.
      await switchSessionStatus(request);
      setSwitching(true);
      try {
        await queryClient.resetQueries();
      } finally {
        setSwitching(false);
      }
    },
    [queryClient],
  );

  const value = useMemo<SessionValue | null>(
    () => (data ? { ...data, actingAsOther: data.status.user.id !== data.status.loginUser.id, switchTo } : null),
    [data, switchTo],
  );

  if (!value || switching || gdprPending || languagePending) return <PageLoader />;
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
