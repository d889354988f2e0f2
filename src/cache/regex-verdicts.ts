// recheck's finished verdicts on trigger patterns (pipeline/trigger-checks.ts), kept under
// node_modules/.cache/skillc so that a rebuild does not spend recheck's seconds on the patterns it
// checked before. Keyed as a whole by skillc's cache version and recheck's version; a run keeps only
// the verdicts it used (at most RECHECK_RUN_MAX). Refusals for time or count are never stored.
// Trust: signed per user (signed-file.ts); each verdict read is shape-checked, a bad one is a miss.
import path from "node:path";
import type { KeptVerdict, RegexVerdictStore } from "../pipeline/analysis-store.js";
import { cacheKey, readHeaderMap, writeRecordFile } from "./signed-file.js";
import { isObj } from "./shape.js";
import { cacheVersion } from "../util/version.js";

const REASON_MAX = 2000;
/** Longer than any check is allowed to run (trigger-checks.ts): a bigger cost is not one recheck took. */
const MS_MAX = 3_600_000;

/** A stored verdict: `{ ok: true, ms }` or `{ ok: false, kind: "redos", reason, ms }`, `ms` what recheck took. */
function kept(v: unknown): KeptVerdict | undefined {
  if (!isObj(v) || typeof v.ms !== "number" || !Number.isInteger(v.ms) || v.ms < 0 || v.ms > MS_MAX) return undefined;
  if (v.ok === true && Object.keys(v).length === 2) return { verdict: { ok: true }, ms: v.ms };
  if (v.ok === false && v.kind === "redos" && typeof v.reason === "string" && v.reason.length <= REASON_MAX && Object.keys(v).length === 4) {
    return { verdict: { ok: false, kind: "redos", reason: v.reason }, ms: v.ms };
  }
  return undefined;
}

export class RegexVerdictCache implements RegexVerdictStore {
  /** The verdicts this run used or made. */
  private readonly used = new Map<string, KeptVerdict>();
  private changed = false;

  private constructor(
    private readonly file: string,
    private readonly key: string,
    private readonly secret: Buffer | undefined,
    private readonly prev: Record<string, unknown>,
  ) {}

  /** Opens the verdicts of this project root made by recheck `recheckVersion`; a missing or foreign file starts empty. */
  static async open(projectRoot: string, recheckVersion: string): Promise<RegexVerdictCache> {
    const file = path.join(projectRoot, "node_modules", ".cache", "skillc", "regex-verdicts-v1.json");
    const key = `${cacheVersion()} recheck ${recheckVersion}`;
    const secret = cacheKey();
    return new RegexVerdictCache(file, key, secret, await readHeaderMap(file, secret, key, "verdicts"));
  }

  get(source: string): KeptVerdict | undefined {
    const v = kept(Object.hasOwn(this.prev, source) ? this.prev[source] : undefined);
    if (v) this.used.set(source, v);
    return v;
  }

  set(source: string, verdict: KeptVerdict): void {
    this.used.set(source, verdict);
    this.changed = true;
  }

  /** Writes this run's verdicts, unless they are the ones read. */
  async save(): Promise<void> {
    if (!this.changed && this.used.size === Object.keys(this.prev).length) return;
    const verdicts: Record<string, unknown> = {};
    for (const k of [...this.used.keys()].sort()) {
      const { verdict, ms } = this.used.get(k)!;
      // Defined, not assigned: a pattern source may be "__proto__".
      Object.defineProperty(verdicts, k, { value: { ...verdict, ms }, enumerable: true, writable: true, configurable: true });
    }
    await writeRecordFile(this.file, this.secret, { key: this.key, verdicts }, []);
  }
}
