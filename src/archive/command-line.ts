// `mcp:<command line>` split into words without a shell (nothing is expanded or globbed): spaces
// separate words, 'single' and "double" quotes group them, a backslash takes the next character.
import { ArchiveError } from "./entries.js";

export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === "\\" && quote === '"' && i + 1 < line.length) word += line[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === "\\" && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote) throw new ArchiveError(`the command line "${line}" has an unclosed ${quote} quote.`);
  if (inWord) words.push(word);
  return words;
}
