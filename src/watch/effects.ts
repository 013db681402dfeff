/**
 * What happens outside the screen when an alert fires: the terminal bell (BEL on stdout, once per moment of alerts,
 * whatever venue they come from) and the configured alertCommand, run with an argument vector (never through a shell),
 * the alert's fields in ODDSBOARD_ALERT_* environment variables, the API key taken out of its environment, its output
 * ignored, stopped after a timeout. At most one runs per alert; a failure is a notice, never fatal.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { OddsStore } from '../store/store.js';
import type { AlertFired } from '../store/watchTypes.js';
import type { Clock } from '../util/clock.js';
import { quoted } from '../store/transitions.js';
import { sanitize } from '../util/sanitize.js';
import type { SourceId } from '../sources/types.js';
import { namedOnce } from '../venues/join.js';
import { commandSpawnOptions, killGroup, letGo, type Spawn } from './letGo.js';

export type { Spawn } from './letGo.js';

export const BEL = '\x07';
export const ALERT_COMMAND_TIMEOUT_MS = 10_000;
/** One moment: alerts this close to the last ring ring no more; the notice line says notices this close together. */
export const BURST_MS = 1000;
/** Longest value put in one ODDSBOARD_ALERT_* variable. */
const ENV_VALUE_MAX = 1_000;

/** The alert as environment variables (every value sanitized: no control characters). */
export function alertEnv(f: AlertFired): Record<string, string> {
  const v = (x: unknown) => sanitize(String(x)).slice(0, ENV_VALUE_MAX);
  const env: Record<string, string> = {
    ODDSBOARD_ALERT_SEQ: v(f.seq),
    ODDSBOARD_ALERT_AT: new Date(f.at).toISOString(),
    ODDSBOARD_ALERT_RULE: v(f.ruleId),
    ODDSBOARD_ALERT_SOURCE: f.source,
    ODDSBOARD_ALERT_KIND: f.kind,
    ODDSBOARD_ALERT_MARKET_ID: v(f.marketId),
    ODDSBOARD_ALERT_TITLE: v(f.title),
    ODDSBOARD_ALERT_TEXT: v(f.text),
  };
  if (f.outcome !== undefined) env.ODDSBOARD_ALERT_OUTCOME = v(f.outcome);
  if (f.price !== undefined) env.ODDSBOARD_ALERT_PRICE = (f.price * 100).toFixed(1);
  if (f.moveCents !== undefined) env.ODDSBOARD_ALERT_MOVE = f.moveCents.toFixed(1);
  if (f.from !== undefined) env.ODDSBOARD_ALERT_FROM = f.from;
  if (f.to !== undefined) env.ODDSBOARD_ALERT_TO = f.to;
  if (f.winner !== undefined) env.ODDSBOARD_ALERT_WINNER = v(f.winner);
  // a position's P&L (issue #28) and a pair's gap (issue #29)
  if (f.venue !== undefined) env.ODDSBOARD_ALERT_VENUE = f.venue;
  if (f.pnl !== undefined) env.ODDSBOARD_ALERT_PNL = f.pnl.toFixed(2);
  if (f.currency !== undefined) env.ODDSBOARD_ALERT_CURRENCY = f.currency;
  if (f.paper !== undefined) env.ODDSBOARD_ALERT_PAPER = f.paper ? '1' : '0';
  if (f.ended !== undefined) env.ODDSBOARD_ALERT_ENDED = f.ended;
  if (f.pairId !== undefined) env.ODDSBOARD_ALERT_PAIR_ID = v(f.pairId);
  if (f.gapCents !== undefined) env.ODDSBOARD_ALERT_GAP = f.gapCents.toFixed(1);
  if (f.size !== undefined) env.ODDSBOARD_ALERT_SIZE = String(f.size);
  return env;
}

/**
 * The command's environment: ours without the API key and without stale alert variables, plus the alert's. On a board
 * of several venues (`venue`), the alert's venue is named as the notice line names it: ODDSBOARD_ALERT_VENUE, and the
 * text begins with the venue's name ("Kalshi: “Fed holds” resolved: Yes").
 */
export function commandEnv(base: NodeJS.ProcessEnv, f: AlertFired, venue?: SourceId): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, val] of Object.entries(base))
    if (k !== 'ODDSBOARD_API_KEY' && !k.startsWith('ODDSBOARD_ALERT_')) env[k] = val;
  const named = venue === undefined ? {} : { venue: f.venue ?? venue, text: namedOnce(venue, f.text) };
  return { ...env, ...alertEnv({ ...f, ...named }) };
}

/**
 * Why the program did not start, and what to do: said once a session for each reason — the next alerts would each
 * say it again, and each warning took the notice line from the alert it was about.
 */
function startProblem(program: string, code: string | undefined): string {
  const why =
    code === 'ENOENT'
      ? `${program} was not found (ENOENT)`
      : code === 'EACCES'
        ? `${program} is not executable (EACCES)`
        : `${program}: ${code ?? 'error'}`;
  return `could not start: ${why}; fix alertCommand in the config file (said once; alerts still show here and in A)`;
}

/**
 * The terminal bell: BEL once per moment. On a board of several venues one is shared by every venue's effects, so
 * two venues whose alerts fire in the same second ring once (each venue rang its own: two BELs); alerts seconds apart
 * still ring each.
 */
export class Bell {
  private rangAt: number | undefined;

  constructor(
    private readonly out: { write(s: string): unknown },
    private readonly clock: Clock,
  ) {}

  ring(): void {
    const now = this.clock.now();
    if (this.rangAt !== undefined && now >= this.rangAt && now - this.rangAt < BURST_MS) return;
    this.rangAt = now;
    try {
      this.out.write(BEL);
    } catch {
      // a closed terminal must not stop the dashboard
    }
  }
}

export interface EffectsOptions {
  store: OddsStore;
  clock: Clock;
  /** Where BEL goes (the terminal). */
  out: { write(s: string): unknown };
  bell: boolean;
  /** The bell shared with the other venues' effects (a board of several); none: this one's own, on `out`. */
  sharedBell?: Bell;
  command?: readonly string[];
  env: NodeJS.ProcessEnv;
  /** A board of several venues: this store's venue, named in the command's environment (commandEnv). */
  venue?: SourceId;
  timeoutMs?: number;
  /** child_process.spawn unless a test says otherwise. */
  spawn?: Spawn;
  /**
   * The command waits for this dashboard's write of alert-log.json (logSettled): it runs only for an entry the write
   * kept, so two dashboards that judge one change run it once (docs/watcher.md § One person, one phone).
   */
  afterLogWrite?: boolean;
}

/** One entry of the log (as mergeLog tells them). */
const entryKey = (e: AlertFired) => `${e.seq} ${e.at} ${e.ruleId}`;

export class AlertEffects {
  private lastSeq: number;
  private unsubscribe: (() => void) | undefined;
  private readonly running = new Map<string, ChildProcess>();
  /** Why the command could not start, each said once. */
  private readonly startFailures = new Set<string>();
  /** How the last run failed (exit code, signal, timeout): said once until a run succeeds or fails otherwise. */
  private lastFailure: string | undefined;
  private readonly bell: Bell;
  /** Entries fired here whose command waits for the log's write (afterLogWrite). */
  private pending: AlertFired[] = [];
  /** The dashboard quits (quit()): a command started now is let go under its watchdog (letGo.ts), not watched here. */
  private quitting = false;

  constructor(private readonly o: EffectsOptions) {
    this.bell = o.sharedBell ?? new Bell(o.out, o.clock);
    // entries already in the log (loaded from the file) fired in an earlier session
    this.lastSeq = o.store.getState().alerts.seq;
  }

  start(): void {
    this.unsubscribe ??= this.o.store.subscribe((s) => {
      if (s.alerts.seq <= this.lastSeq) return;
      const fresh = s.alerts.log.filter((f) => f.seq > this.lastSeq).reverse();
      this.lastSeq = s.alerts.seq;
      if (fresh.length === 0) return;
      if (this.o.bell) this.bell.ring();
      if (!this.o.command) return;
      if (this.o.afterLogWrite) this.pending.push(...fresh);
      else for (const f of fresh) this.run(this.o.command, f);
    });
  }

  /** The entries still in the store's log; `run`: their commands are started, else they wait on. */
  private kept(run: boolean): void {
    if (this.pending.length === 0 || !this.o.command) return;
    const log = new Set(this.o.store.getState().alerts.log.map(entryKey));
    const kept = this.pending.filter((f) => log.has(entryKey(f)));
    this.pending = run ? [] : kept;
    if (run) for (const f of kept) this.begin(this.o.command, f);
  }

  private begin(argv: readonly string[], f: AlertFired): void {
    if (!this.quitting) return this.run(argv, f);
    const timeoutMs = this.o.timeoutMs ?? ALERT_COMMAND_TIMEOUT_MS;
    letGo(this.o.spawn ?? spawn, argv, commandEnv(this.o.env, f, this.o.venue), timeoutMs);
  }

  /**
   * The dashboard quits; its last write of alert-log.json is still to come (Saver.stop): from now on no alert starts
   * a watched command, and the entries the last write keeps start theirs let go (letGo.ts) — so two dashboards
   * quitting in the second after one change run it once, where each let its own go (two pushes). stop() follows.
   */
  quit(): void {
    this.quitting = true;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  /**
   * This dashboard's write of alert-log.json ended: an entry it kept runs the command; one it left out (the other
   * dashboard's entry of the same firing came first: mergeLog) does not. A write that failed, or a log left as it is,
   * keeps every entry: the command runs, as it did before the log decided.
   */
  logSettled(): void {
    this.kept(true);
  }

  /** Another dashboard's log was taken in: an entry it replaced (its own of the same firing) runs nothing here. */
  logTaken(): void {
    this.kept(false);
  }

  /** The log's entries up to `seq` fired in another dashboard (taken from the file): no bell, no command here. */
  passOver(seq: number): void {
    this.lastSeq = Math.max(this.lastSeq, seq);
  }

  /** Commands still running. */
  get active(): number {
    return this.running.size;
  }

  private warn(f: AlertFired, what: string): void {
    this.o.store.getState().notice(`alertCommand for ${quoted(f.title)} ${what}`, 'warn', this.o.clock.now());
  }

  private startFailed(argv: readonly string[], f: AlertFired, code: string | undefined): void {
    const key = code ?? 'error';
    if (this.startFailures.has(key)) return;
    this.startFailures.add(key);
    this.warn(f, startProblem(sanitize(argv[0]!), code));
  }

  private spawnFor(argv: readonly string[], f: AlertFired): ChildProcess {
    return (this.o.spawn ?? spawn)(
      argv[0]!,
      argv.slice(1),
      commandSpawnOptions(commandEnv(this.o.env, f, this.o.venue)),
    );
  }

  private run(argv: readonly string[], f: AlertFired): void {
    if (this.running.has(f.ruleId)) {
      this.warn(f, 'not run: the previous one for this alert is still running');
      return;
    }
    const timeoutMs = this.o.timeoutMs ?? ALERT_COMMAND_TIMEOUT_MS;
    let child: ChildProcess;
    try {
      child = this.spawnFor(argv, f);
    } catch (e) {
      this.startFailed(argv, f, (e as NodeJS.ErrnoException).code);
      return;
    }
    this.running.set(f.ruleId, child);
    let timedOut = false;
    const timer = this.o.clock.setTimeout(() => {
      timedOut = true;
      killGroup(child, 'SIGKILL');
    }, timeoutMs);
    let done = false;
    const end = (what: string | undefined) => {
      if (done) return false;
      done = true;
      this.o.clock.clearTimeout(timer);
      if (this.running.get(f.ruleId) === child) this.running.delete(f.ruleId);
      // a command that fails the same way at every alert would take the notice line from every alert it is about
      if (what && what !== this.lastFailure) this.warn(f, `${what} (said once while it fails so)`);
      this.lastFailure = what;
      return true;
    };
    child.once('error', (e: NodeJS.ErrnoException) => {
      if (end(undefined)) this.startFailed(argv, f, e.code);
    });
    child.once('exit', (code, signal) => {
      if (timedOut) end(`took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`);
      else if (code === 0) end(undefined);
      else end(code !== null ? `failed (exit code ${code})` : `failed (ended by ${signal ?? 'a signal'})`);
    });
  }

  /**
   * Stops listening; commands still running are stopped too (their timeout would no longer be watched). Those still
   * waiting for the log's write (no quit() before, or a last write that did not end: a lock held past its wait) start
   * now, let go under their watchdog: a person's push is not lost for it.
   */
  stop(): void {
    this.quit();
    this.kept(true);
    for (const c of this.running.values()) killGroup(c, 'SIGTERM');
  }
}
