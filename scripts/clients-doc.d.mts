export declare const START: string;
export declare const END: string;
export declare const CLIENTS: string[];
export declare function verdict(schema: unknown, client: string, field: string): "accepted" | "ignored" | "rejected";
export declare function clientsTable(schema: unknown): string;
export declare function replaceTable(readme: string, table: string): string;
