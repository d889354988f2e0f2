export const MAX_FILE_LINES: number;
export const MAX_FUNCTION_LINES: number;
export const FILE_REASON: string;
export interface SizeReport {
  files: Array<{ file: string; lines: number; reason: boolean }>;
  functions: Array<{ file: string; line: number; name: string; lines: number }>;
}
export function sizeReport(root: string): SizeReport;
export function formatReport(report: SizeReport): string;
