import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { testConnection } from './neo4j.js';

const projectRoot = path.resolve(import.meta.dirname, '../..');
export const CLI = path.join(projectRoot, 'dist/cli/main.js');

export interface CliRun {
  child: ChildProcess;
  /** Resolves when the process ends. */
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

/** Start `landing-graph <args>` (the built CLI, as users run it) with the test Neo4j in its environment. */
export function startCli(args: string[], env: Record<string, string> = {}): CliRun {
  const { uri, username, password, database } = testConnection();
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NEO4J_URI: uri,
      NEO4J_USERNAME: username,
      NEO4J_PASSWORD: password,
      ...(database ? { NEO4J_DATABASE: database } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done };
}

export async function runCli(args: string[], env: Record<string, string> = {}) {
  return startCli(args, env).done;
}
