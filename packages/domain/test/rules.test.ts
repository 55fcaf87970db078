import { describe, expect, it } from 'vitest';
import { daysBetween, isOpenDay, nextOpenDay } from '../src/calendar.js';
import {
  areaForStep,
  balanceKindFor,
  checkContainerOrderStep,
  checkTransition,
  environmentForHost,
  gs1CheckDigit,
  initialStatus,
  isQuantityOnStep,
  localeForHost,
  type MenuContext,
  menuItems,
  normaliseNumberInput,
  numberInputWarns,
  orderTargetRoute,
  pickedVolumeWarns,
  postalCodeMatchesMask,
  stepNumberInput,
  themeForHost,
  validateGln,
  wasOpenBefore,
} from '../src/index.js';

const loc = (flags: Partial<NonNullable<MenuContext['location']>> = {}) => ({
  isPooling: false,
  isCommission: false,
  isReturnScheme: false,
  isDispatch: false,
  isContainerActive: false,
  ...flags,
});
const keys = (ctx: Partial<MenuContext>) =>
  menuItems({ tasks: [], isGlobalAdmin: false, isCustomerAdmin: false, location: loc(), ...ctx }).map((i) => i.key);

describe('menu (spec section 6)', () => {
  it('shows every area a pooling location with all tasks may use, numbered from 1', () => {
    const items = menuItems({ tasks: [], isGlobalAdmin: false, isCustomerAdmin: false, location: loc({ isPooling: true }) });
    expect(items.map((i) => i.key)).toEqual(['home', 'orders', 'dispatch', 'delivery', 'reception', 'reports', 'support']);
    expect(items.map((i) => i.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('labels Orders/Dispatch at pooling or commission locations and Buy/Sell elsewhere', () => {
    const pooling = menuItems({ tasks: [], isGlobalAdmin: false, isCustomerAdmin: false, location: loc({ isCommission: true }) });
    expect(pooling.find((i) => i.key === 'orders')?.labelKey).toBe('menu.orders');
    expect(pooling.find((i) => i.key === 'dispatch')?.labelKey).toBe('menu.dispatch');
    const plain = menuItems({ tasks: [], isGlobalAdmin: false, isCustomerAdmin: false, location: loc() });
    expect(plain.find((i) => i.key === 'orders')?.labelKey).toBe('menu.buy');
    expect(plain.find((i) => i.key === 'dispatch')?.labelKey).toBe('menu.sell');
  });
  it('hides Orders and Dispatch at returns-scheme locations and shows Delivery and Expedition there', () => {
    expect(keys({ location: loc({ isReturnScheme: true }) })).toEqual([
      'home',
      'delivery',
      'reception',
      'expedition',
      'reports',
      'support',
    ]);
  });
  it('shows Delivery only for pooling, commission or returns locations', () => {
    expect(keys({ location: loc() })).not.toContain('delivery');
    expect(keys({ location: loc({ isCommission: true }) })).toContain('delivery');
  });
  it('shows Expedition for dispatch locations', () => {
    expect(keys({ location: loc({ isDispatch: true }) })).toContain('expedition');
  });
  it('gates Container on the CONTAINER task and the container feature; a global admin needs only the feature', () => {
    expect(keys({ location: loc({ isContainerActive: true }) })).toContain('containers');
    expect(keys({ tasks: ['ORDER'], location: loc({ isContainerActive: true }) })).not.toContain('containers');
    expect(keys({ tasks: ['ORDER'], isGlobalAdmin: true, location: loc({ isContainerActive: true }) })).toContain('containers');
    expect(keys({ location: loc() })).not.toContain('containers');
  });
  it('follows task permissions and always shows Support', () => {
    expect(keys({ tasks: ['RECEPTION'], location: loc({ isPooling: true }) })).toEqual(['home', 'reception', 'support']);
  });
});

describe('order target (spec section 2)', () => {
  const order = (status: number, type: 1 | 2 | 3, to = 7) => ({
    id: 42,
    transactionStatusId: status as never,
    transactionTypeId: type,
    locationIdTo: to,
  });
  it('sends handled orders to reception when the current location receives, otherwise expedition', () => {
    for (const status of [2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14]) {
      expect(orderTargetRoute(order(status, 3, 7), 7)).toBe('reception/42');
      expect(orderTargetRoute(order(status, 3, 7), 8)).toBe('expedition/42');
    }
  });
  it('sends other statuses by type: TO to orders, HE to dispatch, else delivery', () => {
    expect(orderTargetRoute(order(1, 1), 7)).toBe('orders/42');
    expect(orderTargetRoute(order(0, 2), 7)).toBe('dispatch/42');
    expect(orderTargetRoute(order(5, 3), 7)).toBe('delivery/42');
  });
});

describe('locale, theme and environment by host (spec section 1)', () => {
  it('picks the locale from the host suffix, localhost Danish, a stored choice wins', () => {
    expect(localeForHost('portal.example.se')).toBe('sv-SE');
    expect(localeForHost('portal.example.dk')).toBe('da-DK');
    expect(localeForHost('portal.example.fi:443')).toBe('fi-FI');
    expect(localeForHost('portal.example.no')).toBe('nb-NO');
    expect(localeForHost('portal.example.com')).toBe('nb-NO');
    expect(localeForHost('localhost:3000')).toBe('da-DK');
    expect(localeForHost('portal.example.se', 'en-US')).toBe('en-US');
    expect(localeForHost('portal.example.se', 'xx-XX')).toBe('sv-SE');
  });
  it('picks the brand theme from the host', () => {
    expect(themeForHost('swa.portal.no')).toBe('swa');
    expect(themeForHost('portal-ppa.se')).toBe('ppa');
    expect(themeForHost('cma.example.dk')).toBe('cma');
    expect(themeForHost('portal.example.no')).toBe('default');
  });
  it('labels local, test and qa environments', () => {
    expect(environmentForHost('localhost:3000')).toBe('local');
    expect(environmentForHost('test.portal.no')).toBe('test');
    expect(environmentForHost('portal-qa.example.se')).toBe('qa');
    expect(environmentForHost('portal.example.no')).toBeNull();
  });
});

describe('quantities (spec section 5)', () => {
  it('accepts only whole full stacks', () => {
    expect(isQuantityOnStep(30, 15)).toBe(true);
    expect(isQuantityOnStep(0, 15)).toBe(true);
    expect(isQuantityOnStep(20, 15)).toBe(false);
    expect(isQuantityOnStep(-15, 15)).toBe(false);
    expect(isQuantityOnStep(1.5, 1)).toBe(false);
  });
  it('caps typed values at max minus offset and snaps them to the step grid', () => {
    expect(normaliseNumberInput('47', { step: 15 })).toEqual({ value: 45, offStep: true });
    expect(normaliseNumberInput('45', { step: 15 })).toEqual({ value: 45, offStep: false });
    expect(normaliseNumberInput('500', { max: 100, offset: 10 })).toEqual({ value: 90, offStep: false });
    expect(normaliseNumberInput('-5', {})).toEqual({ value: 0, offStep: false });
    expect(normaliseNumberInput('', {})).toEqual({ value: null, offStep: false });
    expect(normaliseNumberInput('12abc', {})).toEqual({ value: 12, offStep: false });
  });
  it('steps with the arrow keys within the bounds', () => {
    expect(stepNumberInput(15, 1, { step: 15 })).toBe(30);
    expect(stepNumberInput(0, -1, { step: 15 })).toBe(0);
    expect(stepNumberInput(90, 1, { max: 100, offset: 10 })).toBe(90);
  });
  it('warns above a threshold or below a floor, never at 0', () => {
    expect(numberInputWarns(0, 0)).toBe(false);
    expect(numberInputWarns(300, 300)).toBe(true);
    expect(numberInputWarns(10, undefined, 15)).toBe(true);
    expect(numberInputWarns(100, 300, 15)).toBe(false);
  });
  it('warns when picked deviates more than 20% from ordered (spec section 9)', () => {
    expect(pickedVolumeWarns(100, 120)).toBe(false);
    expect(pickedVolumeWarns(100, 121)).toBe(true);
    expect(pickedVolumeWarns(100, 79)).toBe(true);
  });
});

describe('GLN (GS1 mod-10)', () => {
  it('accepts valid GLNs and an empty value', () => {
    expect(validateGln('4006381333931').ok).toBe(true);
    expect(validateGln('')).toEqual({ ok: true });
    expect(gs1CheckDigit('400638133393')).toBe(1);
  });
  it('names the reason of an invalid GLN', () => {
    expect(validateGln('4006381333932')).toEqual({ ok: false, reason: 'checkDigit' });
    expect(validateGln('40063813339')).toEqual({ ok: false, reason: 'length' });
    expect(validateGln('40063813339a1')).toEqual({ ok: false, reason: 'digits' });
  });
});

describe('postal masks', () => {
  it('matches the length of one of the masks, spaces ignored', () => {
    expect(postalCodeMatchesMask('0580', '####')).toBe(true);
    expect(postalCodeMatchesMask('417 05', '### ##|#####')).toBe(true);
    expect(postalCodeMatchesMask('41705', '### ##|#####')).toBe(true);
    expect(postalCodeMatchesMask('4170', '### ##|#####')).toBe(false);
  });
});

describe('open days (domain.md)', () => {
  it('closes weekends, public holidays and customary eves', () => {
    expect(isOpenDay('2026-11-23', 'NO')).toBe(true); // Monday
    expect(isOpenDay('2026-11-22', 'NO')).toBe(false); // Sunday
    expect(isOpenDay('2026-05-14', 'NO')).toBe(false); // Ascension Day
    expect(isOpenDay('2026-12-24', 'DK')).toBe(false); // Christmas Eve
    expect(isOpenDay('2026-12-31', 'FI')).toBe(false); // New Year's Eve
    expect(isOpenDay('2026-06-19', 'SE')).toBe(false); // Midsummer Eve
    expect(isOpenDay('2026-06-19', 'NO')).toBe(true);
    expect(isOpenDay('2026-12-06', 'FI')).toBe(false); // Independence Day (Sunday anyway)
    expect(isOpenDay('2026-11-24', 'NO', new Set(['2026-11-24']))).toBe(false); // provider closure
  });
  it('lists every day of the months asked for', () => {
    const days = daysBetween('2026-12', '2027-01', 'NO');
    expect(days).toHaveLength(62);
    expect(days.find((d) => d.date === '2026-12-25')?.isOpen).toBe(false);
    expect(days.find((d) => d.date === '2027-01-04')?.isOpen).toBe(true);
  });
  it('finds the next open day', () => {
    expect(nextOpenDay('2026-12-24', 'NO')).toBe('2026-12-28');
  });
});

describe('status machine (domain.md)', () => {
  it('lets the sender send a draft and the provider confirm it', () => {
    expect(checkTransition(0, 1, ['S'])).toBeNull();
    expect(checkTransition(1, 2, ['P'])).toBeNull();
  });
  it('refuses steps that do not exist and steps the role may not make', () => {
    expect(checkTransition(0, 5, ['S', 'R', 'P'])).toBe('transition');
    expect(checkTransition(5, 6, ['R'])).toBe('transition');
    expect(checkTransition(1, 2, ['S'])).toBe('role');
    expect(checkTransition(4, 5, ['S'])).toBe('role');
  });
  it('tells a race loser (a step open from a status the order has been in) from a caller without the role', () => {
    const receiver = () => ['R'] as const;
    // The receiver confirms after another receiver's disagreement: the order was 4, now 6.
    expect(checkTransition(6, 5, receiver())).toBe('role');
    expect(wasOpenBefore([4], 5, receiver)).toBe(true);
    // The sender asks to confirm its own delivery: it never could.
    expect(wasOpenBefore([0], 5, () => ['S'])).toBe(false);
    // The ordering customer cancels after the provider confirmed: S only for the ordering step 1 -> 7.
    expect(wasOpenBefore([1], 7, (from) => (from === 1 ? ['S', 'R'] : ['R']))).toBe(true);
  });
  it('a container-order step the caller’s side made from a status the order has passed is a lost race (409), not a 403 (issue 20)', () => {
    expect(checkContainerOrderStep('Open', 'Cancelled', 'O')).toBeNull();
    // The ordering side cancels what the provider has just confirmed: the order moved on.
    expect(checkContainerOrderStep('Confirmed', 'Cancelled', 'O')).toBe('transition');
    // The ordering side confirms or delivers: it never could.
    expect(checkContainerOrderStep('Open', 'Confirmed', 'O')).toBe('role');
    expect(checkContainerOrderStep('Confirmed', 'Delivered', 'O')).toBe('role');
    expect(checkContainerOrderStep('Delivered', 'Cancelled', 'P')).toBe('transition');
  });
  it('puts the receiver’s steps under Reception and the others under the area of the order’s kind', () => {
    expect(areaForStep(3, 4, 5)).toBe('reception');
    expect(areaForStep(1, 11, 6)).toBe('reception');
    expect(areaForStep(1, 0, 1)).toBe('orders');
    expect(areaForStep(2, 1, 7)).toBe('dispatch');
    expect(areaForStep(3, 0, 4)).toBe('delivery');
  });
  it('starts purchases and sales at 1 and deliveries at 4 when sent, drafts at 0', () => {
    expect(initialStatus(1, false)).toBe(1);
    expect(initialStatus(2, false)).toBe(1);
    expect(initialStatus(3, false)).toBe(4);
    expect(initialStatus(3, true)).toBe(0);
  });
  it('posts pooling only when both ends take part in the pool', () => {
    expect(balanceKindFor({ isPooling: false, typeId: 'NLP' }, { isPooling: true, typeId: 'GRS' })).toBe('pooling');
    expect(balanceKindFor({ isPooling: false, typeId: 'NLP' }, { isPooling: false, typeId: 'BUT' })).toBe('commission');
  });
});
