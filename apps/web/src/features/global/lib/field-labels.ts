/**
 * The names of a logged record's fields as the screens that edit them say them (issue 20: the
 * log's before / after table showed raw field names, countryId, postalCode). Each field's label
 * is the text its own screen uses (one source: the location dialog's "Post code", the user
 * dialog's "Login name", ...), in the reader's language; fields no screen names have theirs in
 * `log:log.fields`; a field not known here keeps its name. Records: an admin change's entity
 * (`data.entity`: user, location, externalLocation, company, supportTemplate) or the row's kind
 * (publish, downtime, apiKey, switch).
 */
import type { TFunction } from 'i18next';

/** The namespaces the labels come from: the page loads them with its own. */
export const FIELD_LABEL_NAMESPACES = [
  'log',
  'address',
  'locations',
  'companyUsers',
  'externalLocations',
  'support',
  'api',
  'publishing',
] as const;

/** The label key of a field, whatever the record (the common meaning of its name). */
const labelKeys: Record<string, string> = {
  id: 'log:log.fields.id',
  name: 'address:name',
  number: 'locations:fields.number',
  gln: 'locations:fields.gln',
  typeId: 'locations:fields.type',
  statusId: 'locations:fields.status',
  parentLocationId: 'locations:fields.parent',
  street: 'address:street',
  postalCode: 'address:postalCode',
  postalName: 'address:postalName',
  countryId: 'address:country',
  orderCount: 'log:log.fields.orderCount',
  isPooling: 'locations:flags.isPooling',
  isCommission: 'locations:flags.isCommission',
  isReturnScheme: 'locations:flags.isReturnScheme',
  isDispatch: 'locations:flags.isDispatch',
  isContainerActive: 'locations:flags.isContainerActive',
  isSortingDepot: 'locations:flags.isSortingDepot',
  customerGroup: 'log:log.fields.customerGroup',
  loadType: 'locations:fields.loadType',
  hasRamp: 'locations:fields.hasRamp',
  needsLift: 'locations:fields.needsLift',
  deliveryFrom: 'locations:fields.deliveryFrom',
  deliveryTo: 'locations:fields.deliveryTo',
  deliveryInstructions: 'locations:fields.deliveryInstructions',
  transportInstructions: 'locations:fields.transportInstructions',
  emailOrderConfirmation: 'locations:fields.emailOrderConfirmation',
  emailPurchase: 'locations:fields.emailPurchase',
  emailReturn: 'locations:fields.emailReturn',
  addresses: 'locations:sections.addresses',
  subLocations: 'locations:sections.subLocations',
  customerId: 'log:log.fields.customerId',
  userId: 'log:log.fields.userId',
  loginName: 'companyUsers:user.loginName',
  phone: 'companyUsers:user.phone',
  email: 'companyUsers:user.email',
  language: 'companyUsers:user.language',
  isActive: 'externalLocations:fields.active',
  active: 'externalLocations:fields.active',
  locationId: 'companyUsers:user.locationId',
  locationName: 'log:log.fields.locationName',
  secondaryLocationIds: 'companyUsers:user.secondaryLocationIds',
  roleIds: 'companyUsers:user.roleIds',
  isGlobalAdmin: 'companyUsers:user.isGlobalAdmin',
  isCustomerAdmin: 'companyUsers:user.isCustomerAdmin',
  isSupport: 'companyUsers:user.isSupport',
  supportCustomer: 'companyUsers:user.supportCustomer',
  supportLocation: 'companyUsers:user.supportLocation',
  reportLevel: 'companyUsers:user.reportLevel',
  financeReport: 'companyUsers:user.financeReport',
  standardDraft: 'companyUsers:user.standardDraft',
  tasks: 'companyUsers:user.tasks',
  notifications: 'companyUsers:user.notifications',
  lastLoginAt: 'log:log.fields.lastLoginAt',
  locationNumber: 'externalLocations:fields.locationNumber',
  contactName: 'externalLocations:fields.contactName',
  contactEmail: 'companyUsers:company.contactEmail',
  invoiceEmail: 'companyUsers:company.invoiceEmail',
  orderConfirmedEmail: 'companyUsers:company.orderConfirmedEmail',
  purchaseEmail: 'companyUsers:company.purchaseEmail',
  invoiceReference: 'companyUsers:company.invoiceReference',
  logoVersion: 'log:log.fields.logoVersion',
  title: 'support:settings.fields.title',
  text: 'log:log.fields.text',
  texts: 'log:log.fields.texts',
  category: 'support:settings.fields.category',
  isDefault: 'support:settings.fields.isDefault',
  updatedByName: 'log:log.fields.updatedByName',
  updatedAt: 'log:log.fields.updatedAt',
  prefix: 'api:keys.prefix',
  createdAt: 'log:log.fields.createdAt',
  expiresAt: 'api:keys.expiresAt',
  lastUsedAt: 'api:keys.lastUsedAt',
  revokedAt: 'api:keys.states.revoked',
  state: 'api:keys.state',
  startsAt: 'log:maintenance.startsAt',
  endsAt: 'log:maintenance.endsAt',
  cancelledAt: 'log:maintenance.states.cancelled',
  createdByName: 'log:log.fields.createdByName',
  type: 'publishing:fields.type',
  area: 'publishing:fields.area',
  path: 'publishing:fields.path',
  taskId: 'publishing:fields.task',
  mustRead: 'publishing:fields.mustRead',
  showFrom: 'publishing:fields.showFrom',
  showTo: 'publishing:fields.showTo',
  locationType: 'publishing:fields.locationType',
  visibility: 'publishing:fields.visibility',
  withdrawnAt: 'publishing:status.withdrawn',
};

/** Where a record's field means something narrower than the common name. */
const byRecord: Record<string, Record<string, string>> = {
  user: { isActive: 'companyUsers:user.isActive', name: 'companyUsers:user.name' },
  supportTemplate: { text: 'support:settings.fields.text', isActive: 'support:settings.fields.isActive' },
  company: { phone: 'companyUsers:company.phone' },
};

/** Every label key used here (a test checks each has a text in every locale). */
export const FIELD_LABEL_KEYS: readonly string[] = [
  ...new Set([...Object.values(labelKeys), ...Object.values(byRecord).flatMap(Object.values)]),
];

/** The label key of `field` of a record of `record` (entity or kind), or null when none is known. */
export function fieldLabelKey(field: string, record: string | null): string | null {
  return (record ? byRecord[record]?.[field] : undefined) ?? labelKeys[field] ?? null;
}

/** The label of `field` of a record of `record` through `t` (with FIELD_LABEL_NAMESPACES), else the field's name. */
export function fieldLabel(t: TFunction, field: string, record: string | null): string {
  const key = fieldLabelKey(field, record);
  return key ? t(key, { defaultValue: field }) : field;
}
