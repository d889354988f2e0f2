// The one error type the runtime throws. Messages are written for a model to act on.

export type SkillErrorCode =
  | "INVALID_PARAM"
  | "NOT_FOUND"
  | "AMBIGUOUS"
  | "PERMISSION_DENIED"
  | "NOT_INVOCABLE"
  | "EXECUTION_ERROR";

export class SkillError extends Error {
  // `declare`: no class-field emit (a helper in ES2020 output); set in the constructor.
  declare readonly code: SkillErrorCode;
  /** AMBIGUOUS: the candidate SKILL.md paths (load one of them by path). */
  declare readonly candidates?: string[];
  constructor(code: SkillErrorCode, message: string, candidates?: string[]) {
    super(message);
    this.name = "SkillError";
    Object.assign(this, { code }, candidates && { candidates });
  }
}

/** Throws a SkillError (declared, so that TypeScript narrows after a call). */
export function fail(code: SkillErrorCode, message: string, candidates?: string[]): never {
  throw new SkillError(code, message, candidates);
}
