// For specs of work that must leave the event loop free: how often it turned while the work ran.

/** Turns of the event loop (setImmediate callbacks run) while `work` was in progress. */
export async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let done = false;
  const turn = () => {
    if (done) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  try {
    return { result: await work(), turns };
  } finally {
    done = true;
  }
}
