import { randomInt } from 'node:crypto';
import { Rng } from '../../src/sandbox/prng.js';

export const KILL_SEED_VARIABLE = 'LANDING_GRAPH_KILL_SEED';

/**
 * The generator of a SIGKILL test's kill points: seeded, and the seed printed, so that a failure can be
 * replayed with the same kill points (LANDING_GRAPH_KILL_SEED=<seed>); a new seed each run otherwise.
 * `testFile` is for the replay command in the printed line.
 */
export function killPoints(testFile: string): { rng: Rng; seed: number; replay: string } {
  const fromEnv = process.env[KILL_SEED_VARIABLE];
  let seed: number;
  if (fromEnv) {
    seed = Number(fromEnv);
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
      throw new Error(`${KILL_SEED_VARIABLE} must be an integer from 0 to 4294967295, not ${JSON.stringify(fromEnv)}`);
    }
  } else {
    seed = randomInt(0, 0xffffffff);
  }
  const replay = `${KILL_SEED_VARIABLE}=${seed} npx vitest run ${testFile}`;
  console.log(`[kill-seed] ${testFile}: kill points from seed ${seed}${fromEnv ? ` (from ${KILL_SEED_VARIABLE})` : ''}; replay: ${replay}`);
  return { rng: new Rng(seed), seed, replay };
}
