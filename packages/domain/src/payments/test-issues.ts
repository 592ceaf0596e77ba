/** Test support: the issues of a failed parse as [path, message] pairs, in order; [] when it succeeded. */
type Parsed = {
  success: boolean;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
};

export const issuesOf = (result: Parsed): [string, string][] =>
  result.error?.issues.map((issue) => [issue.path.map(String).join('.'), issue.message]) ?? [];
