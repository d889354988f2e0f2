// The command line the README's generated blocks share (scripts/rules-doc.mjs, scripts/clients-doc.mjs):
// rewrite README.md between two markers, `--check` to fail when it is stale, `--print` to print.
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

export const README = fileURLToPath(new URL("../README.md", import.meta.url));

/** README text with the block between `start` and `end` replaced by `text`; throws when a marker is missing. */
export function replaceBlock(readme, text, start, end, what) {
  const a = readme.indexOf(start);
  const b = readme.indexOf(end);
  if (a < 0 || b < a) throw new Error(`README.md needs ${start} … ${end} markers around the ${what}.`);
  return `${readme.slice(0, a + start.length)}\n${text}\n${readme.slice(b)}`;
}

/**
 * Runs a generator script: `make()` gives the block's text, `replace(readme, text)` puts it in.
 * `name` prefixes errors ("rules-doc"), `what` names the block in messages ("rules table").
 */
export function runBlockScript(scriptUrl, { name, what, make, replace }) {
  if (!process.argv[1] || fileURLToPath(scriptUrl) !== process.argv[1]) return;
  const main = async (argv) => {
    const text = await make();
    if (argv.includes("--print")) {
      process.stdout.write(text + "\n");
      return 0;
    }
    const readme = await readFile(README, "utf8");
    const next = replace(readme, text);
    if (argv.includes("--check")) {
      if (next === readme) return 0;
      process.stderr.write(`README.md's ${what} is out of date: run \`node scripts/${name}.mjs\`.\n`);
      return 1;
    }
    if (next !== readme) await writeFile(README, next);
    process.stdout.write(next === readme ? `README.md ${what} is up to date.\n` : `README.md ${what} updated.\n`);
    return 0;
  };
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error) => {
      process.stderr.write(`${name}: ${error.message}\n`);
      process.exitCode = 2;
    },
  );
}
