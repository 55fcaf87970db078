/** The user dialog's form state: from a stored user (or a new one's defaults) to POST Users' body. */
import {
  tasks as allTasks,
  type CompanyUser,
  type CompanyUserOptions,
  isLocale,
  type Locale,
  type SaveUserRequest,
  type Task,
} from '@portal/domain';

/** The dialog's values; texts as typed. */
export interface Draft {
  name: string;
  loginName: string;
  phone: string;
  email: string;
  language: Locale;
  isActive: boolean;
  locationId: number | null;
  secondaryLocationIds: number[];
  roleIds: number[];
  isGlobalAdmin: boolean;
  isCustomerAdmin: boolean;
  isSupport: boolean;
  supportCustomer: boolean;
  supportLocation: boolean;
  reportLevel: number;
  financeReport: boolean;
  standardDraft: boolean;
  tasks: Task[];
  notifications: SaveUserRequest['notifications'];
}

/**
 * The draft of `user`, or of a new user: active, at the admin's acting location when it is one
 * of the customer's (else its first), in the admin's language, Location report level, every task.
 */
export function draftOf(user: CompanyUser | null, options: CompanyUserOptions, actingLocationId: number | null, language: string): Draft {
  if (user)
    return {
      ...user,
      phone: user.phone ?? '',
      email: user.email ?? '',
      language: isLocale(user.language) ? user.language : 'nb-NO',
    };
  const own = options.locations.find((l) => l.id === actingLocationId) ?? options.locations[0];
  return {
    name: '',
    loginName: '',
    phone: '',
    email: '',
    language: isLocale(language) ? language : 'nb-NO',
    isActive: true,
    locationId: own?.id ?? null,
    secondaryLocationIds: [],
    roleIds: [],
    isGlobalAdmin: false,
    isCustomerAdmin: false,
    isSupport: false,
    supportCustomer: false,
    supportLocation: false,
    reportLevel: 0,
    financeReport: false,
    standardDraft: false,
    // An admin with some tasks only can give only those (an empty list would mean all).
    tasks: options.limits.tasks.length === allTasks.length ? [] : [...options.limits.tasks],
    notifications: { autoCommit: false, deviation: false, disagree: false, highVolume: false, newCustomer: false, stockLevel: false },
  };
}

/** POST Users' body of a draft (`id` when updating). */
export function requestOf(draft: Draft, id: number | undefined): SaveUserRequest {
  return {
    ...(id ? { id } : {}),
    name: draft.name.trim(),
    loginName: draft.loginName.trim(),
    phone: draft.phone.trim(),
    email: draft.email.trim(),
    language: draft.language,
    isActive: draft.isActive,
    locationId: draft.locationId,
    secondaryLocationIds: draft.secondaryLocationIds.filter((l) => l !== draft.locationId),
    roleIds: draft.roleIds,
    isGlobalAdmin: draft.isGlobalAdmin,
    isCustomerAdmin: draft.isCustomerAdmin,
    isSupport: draft.isSupport,
    supportCustomer: draft.supportCustomer,
    supportLocation: draft.supportLocation,
    reportLevel: draft.reportLevel,
    financeReport: draft.financeReport,
    standardDraft: draft.standardDraft,
    tasks: draft.tasks,
    notifications: draft.notifications,
  };
}
