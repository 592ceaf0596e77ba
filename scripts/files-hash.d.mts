export declare function hashFiles(
  root: string,
  files: readonly string[],
  salt?: readonly (string | Uint8Array)[],
): Promise<string>;
