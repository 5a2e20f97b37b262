import { z } from 'zod';
import { LandingGraphError } from '../errors.js';
import type { Neo4jConnection } from '../store/connect.js';

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
});

export interface ServiceConfig {
  baseUrl: string;
  apiKey: string;
}

export interface Config {
  service: ServiceConfig | undefined;
  /** undefined: use the project's local Neo4j (scripts/neo4j-local). */
  neo4j: Neo4jConnection | undefined;
}

export function readConfig(
  env: NodeJS.ProcessEnv,
  flags: { baseUrl?: string; apiKey?: string; neo4jUri?: string; neo4jDatabase?: string } = {},
): Config {
  const merged = {
    ...pickDefined(env, ['LANDING_BASE_URL', 'LANDING_API_KEY', 'NEO4J_URI', 'NEO4J_USERNAME', 'NEO4J_PASSWORD', 'NEO4J_DATABASE']),
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
