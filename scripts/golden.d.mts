export interface GoldenRecord {
  build: { exitCode: number | null; files: Record<string, string> };
  "lint --format json": Record<string, { exitCode: number | null; sha256: string; bytes: number }>;
}
export declare const GOLDEN_FILE: string;
export declare const ROOTS: string[];
export declare function goldenHashes(): GoldenRecord;
export declare function goldenDiff(expected: GoldenRecord, actual: GoldenRecord): string[];
