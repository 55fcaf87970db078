/**
 * The device marks of this browser (docs/domain.md, "Sign-in"): POST Login answers a
 * `deviceMark`, kept here in local storage for the user name that signed in, and sent with that
 * user name's next sign-in, which is then not held by guesses for the name from elsewhere. A mark
 * is good once (each sign-in answers a new one). At most MAX_MARKS user names are kept, the most
 * recent; a browser without local storage (private mode) simply sends none.
 */

const KEY = 'deviceMarks';
/** User names whose marks one browser keeps (a shared computer at a depot). */
const MAX_MARKS = 5;

type Marks = Record<string, string>;

const nameKey = (loginName: string) => loginName.trim().toLowerCase();

function read(): Marks {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Marks) : {};
  } catch {
    return {};
  }
}

/** The mark kept for a user name, if any. */
export function deviceMarkFor(loginName: string): string | undefined {
  const mark = read()[nameKey(loginName)];
  return typeof mark === 'string' ? mark : undefined;
}

/** Keeps the mark a sign-in of `loginName` answered, as the most recent; drops the oldest beyond MAX_MARKS. */
export function keepDeviceMark(loginName: string, mark: string): void {
  const name = nameKey(loginName);
  const others = Object.entries(read()).filter(([key]) => key !== name);
  const kept = Object.fromEntries([...others.slice(-(MAX_MARKS - 1)), [name, mark]]);
  try {
    localStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // No room or no storage: the next sign-in goes without a mark.
  }
}
