export declare const REPO_ROOT: string;
export declare const SERVER_ENTRY: string;
export declare const SERVER_BUNDLE: string;
export interface ServerBuildOptions {
  root?: string;
  entry?: string;
  outFile?: string;
}
export declare function ensureServerBuild(
  options?: ServerBuildOptions,
): Promise<{ file: string; decision: 'never built' | 'sources changed' | 'up to date' }>;
export declare function buildServer(
  options?: ServerBuildOptions,
): Promise<{ file: string; inputs: string[] }>;
