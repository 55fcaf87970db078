/**
 * The log's before / after table names each field as its screen does (features/global/lib/
 * field-labels.ts; issue 20: it showed countryId, postalCode): every label it uses has a text in
 * all five locales, and the fields of the records the log keeps are named, not shown raw.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIELD_LABEL_KEYS, fieldLabelKey } from '../src/features/global/lib/field-labels';

const locales = ['nb-NO', 'sv-SE', 'da-DK', 'fi-FI', 'en-US'];
const textOf = (locale: string, key: string): unknown => {
  const [namespace = '', keyPath = ''] = key.split(':');
  const file = path.resolve(import.meta.dirname, `../src/i18n/locales/${locale}/${namespace}.json`);
  let node: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const part of keyPath.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
};

describe('the log’s field labels', () => {
  it('have a text in every locale', () => {
    for (const locale of locales)
      for (const key of FIELD_LABEL_KEYS) expect(typeof textOf(locale, key), `${key} in ${locale}`).toBe('string');
  });

  it('name the fields of the logged records: a location, a user, an external location, the company', () => {
    const records: Record<string, string[]> = {
      location: ['name', 'number', 'gln', 'typeId', 'statusId', 'street', 'postalCode', 'postalName', 'countryId', 'hasRamp', 'addresses'],
      user: [
        'name',
        'loginName',
        'email',
        'phone',
        'language',
        'isActive',
        'locationId',
        'roleIds',
        'tasks',
        'notifications',
        'lastLoginAt',
      ],
      externalLocation: ['locationNumber', 'contactName', 'active', 'countryId'],
      company: ['contactEmail', 'invoiceEmail', 'invoiceReference', 'phone', 'logoVersion'],
      supportTemplate: ['title', 'text', 'category', 'language', 'isDefault', 'isActive'],
      downtime: ['startsAt', 'endsAt', 'cancelledAt'],
    };
    for (const [record, fields] of Object.entries(records))
      for (const field of fields) expect(fieldLabelKey(field, record), `${record}.${field}`).not.toBeNull();
    expect(fieldLabelKey('isActive', 'user')).toBe('companyUsers:user.isActive');
    expect(fieldLabelKey('somethingNew', 'user')).toBeNull();
  });
});
