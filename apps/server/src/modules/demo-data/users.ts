/**
 * Users: the demo sign-ins (demo-users.ts), the provider's staff and a few users per
 * customer, with their primary and secondary locations and restricted tasks. Every user's
 * password is `demo1234`, hashed with a salt of its own (OWASP ASVS 4.0.3 V2.4.2: a unique
 * salt per credential, so equal passwords do not give equal hashes). scrypt is slow on purpose
 * (about 45 ms a hash here), so the hashes are made on libuv's thread pool while the seed
 * writes the orders, and written at its end (`writePasswords`).
 */
import { tasks as allTasks, type Task } from '@portal/domain';
import { Bulk, syncSequence } from '../../db/bulk.js';
import { sql, type Tx } from '../../db/client.js';
import { hashPassword } from '../auth/password.js';
import { addDays, ascii, at, iso, type SeedContext, type SeedCustomer, type SeedLocation, type SeedWorld } from './context.js';
import { customerSpecs } from './customers-data.js';
import { DEMO_PASSWORD, demoUsers } from './demo-users.js';
import { languageByCountry } from './places.js';

interface UserSpec {
  customer: SeedCustomer;
  location: SeedLocation;
  secondary: SeedLocation[];
  name: string;
  loginName: string;
  language: string;
  isActive?: boolean;
  isGlobalAdmin?: boolean;
  isCustomerAdmin?: boolean;
  isReturnScheme?: boolean;
  isSupport?: boolean;
  reportLevel: number;
  financeReport?: boolean;
  confirmedGdpr: boolean;
  tasks: readonly Task[];
}

/** Provider staff besides the demo admin: [name, depot city, language, support, global admin]. */
const staff: [string, string, string, boolean, boolean][] = [
  ['Ingrid Solberg', 'Oslo', 'nb-NO', true, false],
  ['Erik Dahl', 'Trondheim', 'nb-NO', false, false],
  ['Johan Lindqvist', 'Göteborg', 'sv-SE', true, false],
  ['Maria Ek', 'Jönköping', 'sv-SE', false, false],
  ['Mette Kjær', 'Aarhus', 'da-DK', true, false],
  ['Antti Virtanen', 'Vantaa', 'fi-FI', true, true],
];

/** A password hash no password matches (verifyPassword refuses it): the users' value until writePasswords. */
const NO_PASSWORD_YET = '!';

/**
 * Seeds the users. Answers `writePasswords`, which waits for every user's own hash of
 * `demo1234` and writes them; call it in the same transaction before the seed ends.
 */
export async function seedUsers(tx: Tx, ctx: SeedContext, world: SeedWorld): Promise<{ writePasswords: (tx: Tx) => Promise<void> }> {
  const { rng } = ctx;
  const byName = new Map(world.locations.map((l) => [l.name, l]));
  const customerOf = (l: SeedLocation) => world.customers.find((c) => c.id === l.customerId) as SeedCustomer;
  const specs: UserSpec[] = [];
  const logins = new Set<string>(demoUsers.map((u) => u.loginName));
  const loginFor = (name: string) => {
    const base = ascii(name)
      .replace(/[^a-z ]/g, '')
      .trim()
      .split(/\s+/)
      .join('.');
    let login = base;
    for (let n = 2; logins.has(login); n++) login = `${base}${n}`;
    logins.add(login);
    return login;
  };

  for (const demo of demoUsers) {
    const location = byName.get(demo.locationName);
    if (!location) throw new Error(`demo location ${demo.locationName} missing`);
    specs.push({ ...demo, customer: customerOf(location), location, secondary: [], confirmedGdpr: true, isSupport: false });
  }
  for (const [name, city, language, isSupport, isGlobalAdmin] of staff) {
    const location = world.depots.find((d) => d.name.endsWith(city)) as SeedLocation;
    specs.push({
      customer: world.provider,
      location,
      secondary: [],
      name,
      loginName: loginFor(name),
      language,
      isSupport,
      isGlobalAdmin,
      reportLevel: 4,
      financeReport: true,
      confirmedGdpr: true,
      tasks: [],
    });
  }
  for (const customer of world.customers.slice(1)) {
    const active = customer.locations.filter((l) => l.statusId === 1);
    const pool = active.length > 0 ? active : customer.locations;
    const corporate = !!customerSpecs.find((c) => c.name === customer.name)?.corporate;
    let count = customer.locations.length >= 4 ? rng.int(2, 3) : rng.int(0, 1);
    if (customer.name === 'Fjordland Dagligvare AS') count = 2;
    if (corporate) count = 1;
    const hasAdmin = specs.some((s) => s.customer === customer && s.isCustomerAdmin);
    for (let i = 0; i < count; i++) {
      const f = ctx.faker[customer.countryId];
      const name = `${f.person.firstName()} ${f.person.lastName()}`;
      const location = i === 0 ? (pool[0] as SeedLocation) : rng.pick(pool);
      // The first user of a customer with several locations (or of a group's parent) administers it.
      const admin = i === 0 && !hasAdmin && (customer.locations.length >= 2 || corporate);
      const secondary = !admin && pool.length > 2 && rng.chance(0.3) ? pool.filter((l) => l !== location).slice(0, rng.int(1, 2)) : [];
      const restricted = !admin && rng.chance(0.4);
      const userTasks = restricted ? allTasks.filter(() => rng.chance(0.5)).slice(0, 4) : [];
      specs.push({
        customer,
        location,
        secondary,
        name,
        loginName: loginFor(name),
        language: rng.chance(0.1) ? 'en-US' : languageByCountry[customer.countryId],
        isCustomerAdmin: admin,
        isReturnScheme: location.isReturnScheme,
        reportLevel: admin ? (corporate ? 2 : 1) : 0,
        financeReport: admin || rng.chance(0.3),
        confirmedGdpr: rng.chance(0.75),
        tasks: restricted && userTasks.length === 0 ? ['RECEPTION', 'REPORTS'] : userTasks,
      });
    }
  }
  // One former employee who may no longer sign in.
  const leaver = specs.findLast((s) => s.customer !== world.provider && !demoUsers.some((d) => d.loginName === s.loginName));
  if (leaver) leaver.isActive = false;

  // One hash (and salt) per user, made in the background: see the file's comment.
  const hashing = Promise.all(specs.map(() => hashPassword(DEMO_PASSWORD)));
  hashing.catch(() => {}); // awaited in writePasswords; no unhandled rejection meanwhile
  const users = new Bulk('users', {
    id: 'int',
    customer_id: 'int',
    location_id: 'int',
    name: 'text',
    login_name: 'text',
    phone: 'text',
    email: 'text',
    language: 'text',
    is_active: 'bool',
    is_global_admin: 'bool',
    is_customer_admin: 'bool',
    is_return_scheme: 'bool',
    is_support: 'bool',
    is_superuser: 'bool',
    report_level: 'int2',
    finance_report: 'bool',
    standard_draft: 'bool',
    notify_auto_commit: 'bool',
    notify_deviation: 'bool',
    notify_disagree: 'bool',
    notify_high_volume: 'bool',
    notify_new_customer: 'bool',
    notify_stock_level: 'bool',
    password_hash: 'text',
    last_login_at: 'timestamptz',
    confirmed_gdpr: 'bool',
    created_at: 'timestamptz',
  });
  const userLocations = new Bulk('user_locations', { user_id: 'int', location_id: 'int', is_primary: 'bool' });
  const userTasks = new Bulk('user_tasks', { user_id: 'int', task: 'text' });
  specs.forEach((s, i) => {
    const id = i + 1;
    const isDemo = demoUsers.some((d) => d.loginName === s.loginName);
    const phone = { NO: '+47 9', SE: '+46 70 ', DK: '+45 2', FI: '+358 40 ' }[s.location.countryId] + rng.digits(7);
    users.add({
      id,
      customer_id: s.customer.id,
      location_id: s.location.id,
      name: s.name,
      login_name: s.loginName,
      phone,
      email: `${ascii(s.name)
        .replace(/[^a-z ]/g, '')
        .trim()
        .split(/\s+/)
        .join('.')}@${s.customer.domain}`,
      language: s.language,
      is_active: s.isActive ?? true,
      is_global_admin: !!s.isGlobalAdmin,
      is_customer_admin: !!s.isCustomerAdmin,
      is_return_scheme: !!s.isReturnScheme,
      is_support: !!s.isSupport,
      is_superuser: false,
      report_level: s.reportLevel,
      finance_report: !!s.financeReport,
      standard_draft: !isDemo && rng.chance(0.2),
      notify_auto_commit: rng.chance(0.3),
      notify_deviation: rng.chance(0.6),
      notify_disagree: rng.chance(0.7),
      notify_high_volume: rng.chance(0.2),
      notify_new_customer: !!s.isSupport,
      notify_stock_level: rng.chance(0.2),
      password_hash: NO_PASSWORD_YET,
      last_login_at: isDemo || (s.isActive ?? true) ? iso(at(addDays(ctx.today, -rng.int(1, 60)), 7 * 60 + rng.int(0, 600))) : null,
      confirmed_gdpr: s.confirmedGdpr,
      created_at: iso(at(addDays(ctx.today, -rng.int(400, 1400)), 9 * 60 + rng.int(0, 400))),
    });
    userLocations.add({ user_id: id, location_id: s.location.id, is_primary: true });
    for (const l of s.secondary) userLocations.add({ user_id: id, location_id: l.id, is_primary: false });
    for (const task of s.tasks) userTasks.add({ user_id: id, task });
    for (const l of [s.location, ...s.secondary]) l.userIds.push(id);
    s.customer.userIds.push(id);
    if (s.customer === world.provider) world.staffUserIds.push(id);
    if (isDemo) world.demo[s.loginName] = { userId: id, locationId: s.location.id };
  });
  await users.insert(tx);
  await userLocations.insert(tx);
  await userTasks.insert(tx);
  await syncSequence(tx, 'users');
  return {
    async writePasswords(tx2: Tx) {
      const hashes = await hashing;
      const ids = specs.map((_, i) => i + 1);
      await tx2.execute(sql`UPDATE users u SET password_hash = h.hash
        FROM unnest(${sql.param(ids)}::int[], ${sql.param(hashes)}::text[]) AS h(id, hash) WHERE u.id = h.id`);
    },
  };
}
