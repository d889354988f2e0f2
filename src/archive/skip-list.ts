// Why a remote source's entries were skipped, as `import` prints them: the first few word for word
// and a count of the rest. A hostile index or MCP listing can hold millions of bad entries (a
// 4 MiB index of `0,` is two million of them); one line each flooded the terminal or CI log
// (100 MB of stderr) and kept every message in memory.
export const MAX_SKIPPED_SHOWN = 20;

export class SkipList {
  private readonly shown: string[] = [];
  private more = 0;

  push(why: string): void {
    if (this.shown.length < MAX_SKIPPED_SHOWN) this.shown.push(why);
    else this.more++;
  }

  /** The reasons kept, then one line counting the others. */
  lines(): string[] {
    if (this.more === 0) return [...this.shown];
    return [...this.shown, `${this.more.toLocaleString("en-US")} more ${this.more === 1 ? "entry" : "entries"} (not listed here)`];
  }
}
