import { frontierStoreContract } from './frontier-store.contract.js';
import { MemoryFrontierStore } from './memory-frontier-store.js';

frontierStoreContract('MemoryFrontierStore (in memory)', async () => {
  const store = new MemoryFrontierStore();
  return {
    store,
    failing(commit) {
      // The fake writes a commit in one step: failing it at its gate leaves nothing, as a rolled-back transaction.
      store.gate = (operation) => {
        if (operation !== 'commit') return;
        store.gate = () => undefined;
        throw new Error('commit refused');
      };
      return commit;
    },
  };
});
