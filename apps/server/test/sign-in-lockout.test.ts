/**
 * The lock-out attack of issue 20 (docs/domain.md, "Sign-in"): an attacker who guesses a user's
 * password about once a minute from a few rotating addresses keeps the user name's delay at its
 * 60 s maximum. The real user must still get in: at once from an address where they signed in
 * before, or with the device mark the portal gave their browser; from a new device within a
 * minute. Minutes of the attack play out on a fake clock (the sign-in's injectable `SignInClock`):
 * each attempt is claimed at its instant and waits for its slot on that clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { AppError } from '../src/errors.js';
import { login, type SignInClock } from '../src/modules/auth/login.js';
import { FIRST_DELAY_MS, FREE_ATTEMPTS, MAX_DELAY_MS, TRUSTED_ATTEMPTS, TRUSTED_WINDOW_MINUTES } from '../src/modules/auth/throttle.js';
import { backends, openTestContext, type TestContext, testConfig } from './helpers.js';

/** How a sign-in ended: OK or the error's code, how long it waited on the fake clock, and the device mark it got. */
interface Outcome {
  result: string;
  waitedMs: number;
  deviceMark?: string;
}

/** A waiting attempt: when its slot comes, the promise that wakes it, and its outcome once awake. */
interface Timer {
  at: number;
  wake: () => void;
  done?: Promise<Outcome>;
}

/**
 * A clock that moves only when the test says: attempts started at its instant sleep until the
 * test advances past their slot, in slot order, each run to its end before the next wakes.
 */
class FakeClock implements SignInClock {
  private timers: Timer[] = [];
  private parked: ((timer: Timer) => void) | null = null;
  constructor(public ms: number) {}
  now = () => new Date(this.ms);
  sleep = (ms: number) =>
    new Promise<void>((wake) => {
      const timer: Timer = { at: this.ms + ms, wake };
      this.timers.push(timer);
      this.parked?.(timer);
    });
  /**
   * Starts an attempt now; returns once it has ended or waits for its slot, with its outcome to
   * come (in an object: an async function would wait for a promise it returns).
   */
  async start(run: () => Promise<Outcome>): Promise<{ done: Promise<Outcome> }> {
    const parked = new Promise<Timer>((resolve) => {
      this.parked = resolve;
    });
    const done = run();
    const timer = await Promise.race([parked, done.then(() => null)]);
    this.parked = null;
    if (timer) timer.done = done;
    return { done };
  }
  /** Moves the clock to `ms`, waking on the way every attempt whose slot comes, in order. */
  async advanceTo(ms: number): Promise<void> {
    for (;;) {
      const next = this.timers.filter((t) => t.at <= ms).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.timers.splice(this.timers.indexOf(next), 1);
      this.ms = Math.max(this.ms, next.at);
      next.wake();
      await next.done;
    }
    this.ms = Math.max(this.ms, ms);
  }
}

const MINUTE = 60_000;

/** The delay (ms) the `attempts`-th attempt for a user name puts before the next (throttle.ts). */
const delayAfter = (attempts: number) =>
  attempts <= FREE_ATTEMPTS ? 0 : Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * Math.SQRT2 ** (attempts - FREE_ATTEMPTS - 1));

describe.each(backends)('signing in during a lock-out attack (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    // No ledger check after each test: this file signs in only, nothing that can write to the ledger or balances.
    ctx = await openTestContext(kind, { ledgerCheck: false });
  });
  afterAll(() => ctx.close());

  /**
   * Starts a sign-in on `clock` (the users' password is demo1234); answers once it has ended or
   * waits for its slot, with how it ended to come in `done`.
   */
  const signIn = (clock: FakeClock, loginName: string, password: string, ip: string, deviceMark?: string) =>
    clock.start(async () => {
      const started = clock.ms;
      try {
        const answer = await login(
          ctx.database.db,
          testConfig,
          { userLoginName: loginName, password, ...(deviceMark ? { deviceMark } : {}) },
          ip,
          undefined,
          clock,
        );
        return { result: 'OK', waitedMs: clock.ms - started, deviceMark: (answer as { deviceMark?: string }).deviceMark };
      } catch (error) {
        if (error instanceof AppError) return { result: error.code, waitedMs: clock.ms - started };
        throw error;
      }
    });

  /** The attacker's addresses, one after the other: a few, so that none reaches the per-address lock. */
  const attacker = (k: number) => `203.0.113.${1 + (k % 5)}`;

  /**
   * The attack until the user name's delay is at its maximum: a wrong guess once a minute for 25
   * minutes from `start`. Answers the guesses' outcomes and the instant of the next guess.
   */
  async function rampUp(clock: FakeClock, loginName: string, start: number) {
    const guesses: Promise<Outcome>[] = [];
    for (let k = 0; k < 25; k++) {
      await clock.advanceTo(start + k * MINUTE);
      guesses.push((await signIn(clock, loginName, `ramp-${k}`, attacker(k))).done);
    }
    return { guesses, next: start + 25 * MINUTE };
  }

  it('one guess a minute from rotating addresses keeps the user neither from a known address or device (at once) nor from a new one (a minute at most)', async () => {
    const t0 = Date.now();
    const clock = new FakeClock(t0 - 24 * 60 * MINUTE);
    // The day before: Kari signs in at the office, and on her phone (which keeps the device mark).
    expect((await (await signIn(clock, 'kari', 'demo1234', '192.0.2.44')).done).result).toBe('OK');
    const phone = await (await signIn(clock, 'kari', 'demo1234', '198.51.100.201')).done;
    expect(phone.result).toBe('OK');
    expect(phone.deviceMark).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await clock.advanceTo(t0);
    const ramp = await rampUp(clock, 'kari', t0);
    // The ramp has counted enough guesses to hold the user name's delay at its maximum.
    const [state] = await rows<{ attempts: number }>(ctx.database.db, sql`SELECT attempts FROM login_delay WHERE login_name = 'kari'`);
    expect(delayAfter(Number(state?.attempts))).toBe(MAX_DELAY_MS);
    // The attack goes on, one guess a minute; Kari signs in meanwhile.
    const p = ramp.next;
    const attack: Promise<Outcome>[] = [];
    const kari: Record<string, Promise<Outcome>> = {};
    const events: [number, () => Promise<void>][] = [];
    for (let k = 0; k < 8; k++) {
      events.push([
        p + k * MINUTE,
        async () => {
          attack.push((await signIn(clock, 'kari', `minute-${k}`, attacker(25 + k))).done);
        },
      ]);
    }
    events.push([
      p + 90_000,
      async () => {
        kari.office = (await signIn(clock, 'kari', 'demo1234', '192.0.2.44')).done;
      },
    ]);
    events.push([
      p + 150_000,
      async () => {
        kari.phone = (await signIn(clock, 'kari', 'demo1234', '100.64.0.7', phone.deviceMark)).done;
      },
    ]);
    events.push([
      // A second after a guess: the longest wait.
      p + 181_000,
      async () => {
        kari.newDevice = (await signIn(clock, 'kari', 'demo1234', '100.64.9.9')).done;
      },
    ]);
    events.push([
      p + 330_000,
      async () => {
        kari.anotherNewDevice = (await signIn(clock, 'kari', 'demo1234', '100.64.9.10')).done;
      },
    ]);
    events.sort((a, b) => a[0] - b[0]);
    for (const [at, run] of events) {
      await clock.advanceTo(at);
      await run();
    }
    await clock.advanceTo(p + 12 * MINUTE);

    // Not one guess got in.
    for (const guess of [...(await Promise.all(ramp.guesses)), ...(await Promise.all(attack))]) {
      expect(['LOGIN_FAILED', 'RATE_LIMITED']).toContain(guess.result);
    }
    // From the office (an address of an earlier sign-in) and with the phone's mark: at once.
    expect(await kari.office).toMatchObject({ result: 'OK', waitedMs: 0 });
    expect(await kari.phone).toMatchObject({ result: 'OK', waitedMs: 0 });
    // From new devices: in, after a minute at most.
    for (const attempt of [kari.newDevice, kari.anotherNewDevice]) {
      const outcome = await attempt;
      expect(outcome?.result).toBe('OK');
      expect(outcome?.waitedMs).toBeLessThanOrEqual(MAX_DELAY_MS);
    }
  }, 300_000);

  it('a known address or device has a budget of its own: after 10 failures within the hour it waits its turn like any other; a mark is good once and for its user only', async () => {
    const t0 = Date.now();
    const clock = new FakeClock(t0 - 24 * 60 * MINUTE);
    const office = '192.0.2.55';
    expect((await (await signIn(clock, 'ole', 'demo1234', office)).done).result).toBe('OK');
    const phone = await (await signIn(clock, 'ole', 'demo1234', '198.51.100.202')).done;
    const karis = await (await signIn(clock, 'kari', 'demo1234', '198.51.100.203')).done;
    await clock.advanceTo(t0);
    const ramp = await rampUp(clock, 'ole', t0);
    const p = ramp.next + 30_000;
    await clock.advanceTo(p);

    // The attack goes on: a guess just before each of Ole's sign-ins takes the turn that was free.
    let k = 25;
    const guess = async () => (await signIn(clock, 'ole', `minute-${k}`, attacker(k++))).done;
    /** Ole signs in now, right after a guess; answers how it ended, two minutes on at the latest. */
    const oleSignsIn = async (password: string, ip: string, deviceMark?: string) => {
      await guess();
      const started = (await signIn(clock, 'ole', password, ip, deviceMark)).done;
      await clock.advanceTo(clock.ms + 2 * MINUTE);
      return started;
    };
    const waitedItsTurn = (outcome: Outcome) => outcome.result === 'RATE_LIMITED' || outcome.waitedMs > 0;

    // The phone's mark goes at once, and is replaced; Kari's mark, and the phone's spent one, are
    // no marks for Ole: their sign-ins wait their turn.
    const replacement = await oleSignsIn('demo1234', '100.64.1.1', phone.deviceMark);
    expect(replacement).toMatchObject({ result: 'OK', waitedMs: 0 });
    for (const [mark, ip] of [
      [karis.deviceMark, '100.64.1.2'],
      [phone.deviceMark, '100.64.1.4'],
    ]) {
      const outcome = await oleSignsIn('demo1234', ip as string, mark);
      expect(waitedItsTurn(outcome), JSON.stringify(outcome)).toBe(true);
    }

    // Ten wrong passwords, from the office and with the phone's new mark elsewhere, are checked at
    // once (fewer than the office's own lock of 10); then the office waits its turn too.
    const again = await oleSignsIn('demo1234', '100.64.1.5', replacement.deviceMark);
    expect(again).toMatchObject({ result: 'OK', waitedMs: 0 });
    for (let i = 0; i < TRUSTED_ATTEMPTS; i++) {
      const trusted =
        i % 2 === 0 ? signIn(clock, 'ole', `office-${i}`, office) : signIn(clock, 'ole', `phone-${i}`, '100.64.1.6', again.deviceMark);
      expect(await (await trusted).done).toMatchObject({ result: 'LOGIN_FAILED', waitedMs: 0 });
    }
    const outcome = await oleSignsIn('demo1234', office);
    expect(waitedItsTurn(outcome), JSON.stringify(outcome)).toBe(true);
    // An hour later the office has its budget again.
    await clock.advanceTo(clock.ms + TRUSTED_WINDOW_MINUTES * MINUTE);
    expect(await oleSignsIn('demo1234', office)).toMatchObject({ result: 'OK', waitedMs: 0 });
    await Promise.all(ramp.guesses);
  }, 300_000);
});
