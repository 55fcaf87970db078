/**
 * The translated line of a log row (the stored `message` is English, for operators): by kind
 * and the row's data, e.g. "User 12 changed", "Failed sign-in as kari (wrong user name or
 * password)", "GET /api/Orders".
 */
import type { LogEntry } from '@portal/domain';
import type { TFunction } from 'i18next';

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** The line for `entry` in the page's language (namespace global). */
export function logSummary(entry: LogEntry, t: TFunction): string {
  const data = entry.data ?? {};
  switch (entry.kind) {
    case 'signIn':
      return t('log.summary.signIn', { login: text(data.loginName) || entry.userLogin || '' });
    case 'signInFailed':
      return t('log.summary.signInFailed', {
        login: text(data.loginName),
        reason: t(`log.reasons.${text(data.reason) || 'LOGIN_FAILED'}`, { defaultValue: text(data.reason) }),
      });
    case 'adminChange':
      return t(`log.actions.${text(data.action) || 'changed'}`, {
        entity: t(`log.entities.${text(data.entity)}`, { defaultValue: text(data.entity) }),
        // The record's name with its id, when the row has it ("Bruker Eva Lund (12) endret").
        id: text(data.name) ? `${text(data.name)} (${text(data.id)})` : text(data.id),
      });
    case 'cacheEmpty':
      // The cache's name from the caching texts (the log's pages load them with their own).
      return text(data.cache)
        ? t('log.cacheEmpty.one', { name: t(`caching:names.${text(data.cache)}`, { defaultValue: text(data.cache) }) })
        : t('log.cacheEmpty.all');
    case 'apiKey':
      if (data.action === 'revokedByPassword')
        return t('log.apiKey.revokedByPassword', { userId: text(data.userId), count: Array.isArray(data.ids) ? data.ids.length : 0 });
      return t(`log.apiKey.${text(data.action) === 'revoked' ? 'revoked' : 'created'}`, { name: text(data.name) });
    case 'downtime':
      return t(`log.downtime.${text(data.action) === 'cancelled' ? 'cancelled' : 'scheduled'}`);
    case 'error':
      return `${text(data.method)} ${text(data.route)}`.trim() || entry.message;
    case 'signOut':
    case 'switch':
      return t(`log.kinds.${entry.kind}`);
    default:
      return entry.message;
  }
}
