import { z } from 'zod';
import { LandingGraphError } from '../errors.js';
import type { Neo4jConnection } from '../store/connect.js';
import type { LocalNeo4jOptions } from '../store/local-neo4j.js';
import type { ServiceConfig } from '../app/service-client.js';

const portSetting = (name: string) =>
  z
    .string()
    .regex(/^\d{1,5}$/, { error: `${name} must be a port number (1-65535)` })
    .transform(Number)
    .refine((n) => n >= 1 && n <= 65535, { error: `${name} must be a port number (1-65535)` })
    .optional();

/** Settings from the environment, overridden by flags; checked here once. Secrets are never printed. */
const envSchema = z.object({
  LANDING_BASE_URL: z
    .url({ error: 'LANDING_BASE_URL must be a URL such as https://api.example.com' })
    // The client adds /api/v1/landing/<kind>/…: given twice, every request is a 404.
    .refine((url) => !/\/api\/v1(\/landing)?\/?$/i.test(new URL(url).pathname), {
      error: 'LANDING_BASE_URL must be the address before /api/v1/landing (the crawler adds it), e.g. http://127.0.0.1:8787',
    })
    .optional(),
  LANDING_API_KEY: z.string().min(1).optional(),
  NEO4J_URI: z
    .string()
    .regex(/^(bolt|bolt\+s|bolt\+ssc|neo4j|neo4j\+s|neo4j\+ssc):\/\/.+/, {
      error: 'NEO4J_URI must be bolt://, bolt+s://, neo4j:// or neo4j+s://',
    })
    .optional(),
  NEO4J_USERNAME: z.string().default('neo4j'),
  NEO4J_PASSWORD: z.string().optional(),
  NEO4J_DATABASE: z.string().optional(),
  // The local Neo4j's place, as scripts/neo4j-local reads them.
  NEO4J_LOCAL_HOME: z.string().optional(),
  NEO4J_LOCAL_BOLT_PORT: portSetting('NEO4J_LOCAL_BOLT_PORT'),
  NEO4J_LOCAL_HTTP_PORT: portSetting('NEO4J_LOCAL_HTTP_PORT'),
  LANDING_GRAPH_WORK_SAMPLES: z.string().min(1).optional(),
});

/** The project's local Neo4j (scripts/neo4j-local), used when no NEO4J_URI is set. */
export interface LocalNeo4jConfig {
  options: LocalNeo4jOptions;
  username: string;
  /** NEO4J_PASSWORD when given: it must open the local Neo4j (the password file is used when it is not given). */
  password: string | undefined;
}

export interface Config {
  service: ServiceConfig | undefined;
  /** undefined: use the project's local Neo4j (scripts/neo4j-local), as `localNeo4j` says. */
  neo4j: Neo4jConnection | undefined;
  localNeo4j: LocalNeo4jConfig;
  /**
   * A file the crawl appends each sample of its work to (a JSON line, every count of the records to fetch): what
   * its estimate of the time left was made from, to replay it (bench/eta-replay.ts). LANDING_GRAPH_WORK_SAMPLES.
   */
  workSamplesFile: string | undefined;
}

export function readConfig(
  env: NodeJS.ProcessEnv,
  flags: { baseUrl?: string; apiKey?: string; neo4jUri?: string; neo4jDatabase?: string } = {},
): Config {
  const merged = {
    ...pickDefined(env, [
      'LANDING_BASE_URL',
      'LANDING_API_KEY',
      'NEO4J_URI',
      'NEO4J_USERNAME',
      'NEO4J_PASSWORD',
      'NEO4J_DATABASE',
      'NEO4J_LOCAL_HOME',
      'NEO4J_LOCAL_BOLT_PORT',
      'NEO4J_LOCAL_HTTP_PORT',
      'LANDING_GRAPH_WORK_SAMPLES',
    ]),
    ...pickDefined(
      { LANDING_BASE_URL: flags.baseUrl, LANDING_API_KEY: flags.apiKey, NEO4J_URI: flags.neo4jUri, NEO4J_DATABASE: flags.neo4jDatabase },
      ['LANDING_BASE_URL', 'LANDING_API_KEY', 'NEO4J_URI', 'NEO4J_DATABASE'],
    ),
  };
  const parsed = envSchema.safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    // Name the setting, never echo its value: it may be a secret.
    throw new LandingGraphError('CONFIG_INVALID', `${issue?.path.join('.') ?? 'configuration'}: ${issue?.message ?? 'invalid'}`);
  }
  const c = parsed.data;
  if (c.LANDING_BASE_URL && !c.LANDING_API_KEY)
    throw new LandingGraphError('CONFIG_INVALID', 'LANDING_API_KEY is not set (or pass --api-key)');
  if (c.NEO4J_URI && c.NEO4J_PASSWORD === undefined)
    throw new LandingGraphError('CONFIG_INVALID', 'NEO4J_PASSWORD is not set for NEO4J_URI');
  return {
    service: c.LANDING_BASE_URL && c.LANDING_API_KEY ? { baseUrl: c.LANDING_BASE_URL, apiKey: c.LANDING_API_KEY } : undefined,
    neo4j: c.NEO4J_URI
      ? { uri: c.NEO4J_URI, username: c.NEO4J_USERNAME, password: c.NEO4J_PASSWORD ?? '', database: c.NEO4J_DATABASE || undefined }
      : undefined,
    localNeo4j: {
      options: {
        ...(c.NEO4J_LOCAL_HOME ? { home: c.NEO4J_LOCAL_HOME } : {}),
        ...(c.NEO4J_LOCAL_BOLT_PORT ? { boltPort: c.NEO4J_LOCAL_BOLT_PORT } : {}),
        ...(c.NEO4J_LOCAL_HTTP_PORT ? { httpPort: c.NEO4J_LOCAL_HTTP_PORT } : {}),
      },
      username: c.NEO4J_USERNAME,
      password: c.NEO4J_PASSWORD,
    },
    workSamplesFile: c.LANDING_GRAPH_WORK_SAMPLES,
  };
}

function pickDefined(source: Record<string, string | undefined>, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = source[name];
    if (value !== undefined && value !== '') out[name] = value;
  }
  return out;
}
