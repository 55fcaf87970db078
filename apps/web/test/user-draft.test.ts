import type { CompanyUserOptions } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { draftOf, requestOf } from '../src/features/company-users/lib/user-draft';

const options = (tasks: CompanyUserOptions['limits']['tasks']): CompanyUserOptions => ({
  locations: [
    { id: 11, name: 'Alnabru', number: 'L1', statusId: 1 },
    { id: 12, name: 'Bergen', number: 'L2', statusId: 1 },
  ],
  roles: [],
  limits: { isGlobalAdmin: false, maxReportLevel: 1, financeReport: true, tasks, providerFlags: false },
});
const every = ['ORDER', 'DISPATCH', 'SHIPMENT', 'RECEPTION', 'EXPEDITION', 'CONTAINER', 'REPORTS'] as const;

describe('a new user in the user dialog', () => {
  it('starts active at the admin’s location, in the admin’s language, with every task when the admin holds all', () => {
    const draft = draftOf(null, options([...every]), 12, 'sv-SE');
    expect(draft).toMatchObject({ isActive: true, locationId: 12, language: 'sv-SE', reportLevel: 0, tasks: [] });
  });

  it('starts with only the admin’s own tasks when the admin holds some (an empty list would mean all)', () => {
    expect(draftOf(null, options(['ORDER', 'REPORTS']), 99, 'xx').tasks).toEqual(['ORDER', 'REPORTS']);
    expect(draftOf(null, options(['ORDER']), 99, 'xx')).toMatchObject({ locationId: 11, language: 'nb-NO' });
  });

  it('is sent trimmed, without its primary location among the secondary ones', () => {
    const draft = {
      ...draftOf(null, options([...every]), 11, 'nb-NO'),
      name: ' Eva ',
      loginName: ' eva ',
      email: ' eva@example.com ',
      secondaryLocationIds: [11, 12],
    };
    const request = requestOf(draft, undefined);
    expect(request).toMatchObject({ name: 'Eva', loginName: 'eva', email: 'eva@example.com', locationId: 11, secondaryLocationIds: [12] });
    expect('id' in request).toBe(false);
    expect(requestOf(draft, 7).id).toBe(7);
  });
});
