/** The menu facts of a session, for `menuItems()` of @portal/domain (spec section 6). */
import type { MenuContext, SessionStatus, Task } from '@portal/domain';

/** The acting user's tasks and admin flags, and the acting location's scheme flags. */
export function menuContextOf(status: SessionStatus): MenuContext {
  const location = status.location;
  return {
    tasks: status.user.tasks as Task[],
    isGlobalAdmin: status.user.isGlobalAdmin,
    isCustomerAdmin: status.user.isCustomerAdmin,
    location: location
      ? {
          isPooling: location.isPooling,
          isCommission: location.isCommission,
          isReturnScheme: location.isReturnScheme,
          isDispatch: location.isDispatch,
          isContainerActive: location.isContainerActive,
        }
      : null,
  };
}
