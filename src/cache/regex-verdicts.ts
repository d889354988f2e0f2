// recheck's finished verdicts on trigger patterns (pipeline/trigger-checks.ts), kept under
// node_modules/.cache/skillc so that a rebuild does not spend recheck's seconds on the patterns it
// checked before. Keyed as a whole by skillc's cache version and recheck's version; a run keeps only
// the verdicts it used (at most RECHECK_RUN_MAX). Refusals for time or count are never stored.
// Trust: signed per user (signed-file.ts); each verdict read is shape-checked, a bad one is a miss.
import path from "node:path";
import type { RegexVerdict, RegexVerdictStore } from "../pipeline/analysis-store.js";
import { cacheKey, readRecordFile, writeRecordFile } from "./signed-file.js";
import { isObj } from "./shape.js";
import { cacheVersion } from "../util/version.js";

const REASON_MAX = 2000;

function isVerdict(v: unknown): v is RegexVerdict {
  if (!isObj(v)) return false;
  if (v.ok === true) return Object.keys(v).length === 1;
  return v.ok === false && v.kind === "redos" && typeof v.reason === "string" && v.reason.length <= REASON_MAX && Object.keys(v).length === 3;
}

export class RegexVerdictCache implements RegexVerdictStore {
  /** The verdicts this run used or made. */
  private readonly used = new Map<string, RegexVerdict>();
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
    const read = await readRecordFile(file, secret);
    const verdicts = read && read.header.key === key && isObj(read.header.verdicts) ? read.header.verdicts : {};
    return new RegexVerdictCache(file, key, secret, verdicts);
  }

  get(source: string): RegexVerdict | undefined {
    const v = Object.hasOwn(this.prev, source) ? this.prev[source] : undefined;
    if (!isVerdict(v)) return undefined;
    this.used.set(source, v);
    return v;
  }

  set(source: string, verdict: RegexVerdict): void {
    this.used.set(source, verdict);
    this.changed = true;
  }

  /** Writes this run's verdicts, unless they are the ones read. */
  async save(): Promise<void> {
    if (!this.changed && this.used.size === Object.keys(this.prev).length) return;
    const verdicts: Record<string, RegexVerdict> = {};
    for (const k of [...this.used.keys()].sort()) verdicts[k] = this.used.get(k)!;
    await writeRecordFile(this.file, this.secret, { key: this.key, verdicts }, []);
  }
}
