/**
 * Multi-step work with compensation (STYLE: "capture a payment, then record it; if recording fails, void"):
 * each step may carry an undo; when a later step fails, the finished steps are undone in reverse order and
 * the original error is rethrown. An undo that fails is reported through `onUndoFailure` (something is left
 * behind and someone must know) and does not hide the original error or stop the other undos.
 */
export type RunStep = <T>(
  name: string,
  run: () => Promise<T>,
  undo?: (result: T) => Promise<unknown>,
) => Promise<T>;

export async function runWithCompensation<T>(
  work: (step: RunStep) => Promise<T>,
  onUndoFailure: (step: string, error: unknown) => void,
): Promise<T> {
  const finished: { name: string; undo: () => Promise<unknown> }[] = [];
  const step: RunStep = async (name, run, undo) => {
    const result = await run();
    if (undo) finished.push({ name, undo: () => undo(result) });
    return result;
  };
  try {
    return await work(step);
  } catch (error) {
    for (const done of finished.reverse()) {
      try {
        await done.undo();
      } catch (undoError) {
        onUndoFailure(done.name, undoError);
      }
    }
    throw error;
  }
}
