/** Whether `v` is a JSON or YAML map as parsed data: an object, not null, not an array. */
export const isMap = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
