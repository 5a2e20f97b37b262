/**
 * The one default bound of a hub, for every feature that judges one (networks, flags, resolve, the case file): a
 * record or identifier tied to more records than this ties nothing (its hub size: cypher/fragments/hub-size.cypher).
 * Identifiers of control (an officer, an address, a site's own mailbox) hold far fewer in the sandbox's worlds;
 * webmail, call centres, nominee directors and mass addresses hold many more. Every command takes `--max-shared`.
 */
export const DEFAULT_MAX_SHARED = 20;
