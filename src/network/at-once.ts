/**
 * Run `work(0)` .. `work(count - 1)`, at most `atOnce` at a time, each started when one before it ends. After a
 * failure no more are started; those running are waited for, so nothing still reads or writes when the caller
 * hears of the failure (the first one, rethrown).
 */
export async function eachAtOnce(count: number, atOnce: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < count) {
      const index = next++;
      try {
        await work(index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const settled = await Promise.allSettled(Array.from({ length: Math.min(atOnce, count) }, worker));
  const failure = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) throw failure.reason;
}
