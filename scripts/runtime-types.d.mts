export declare function runtimeTypes(ts: typeof import("typescript"), entry: string): string;
export declare function loadRuntimeTypes(entry: string): Promise<string>;
