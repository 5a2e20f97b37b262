/**
 * Shared infrastructure that ties nothing whatever its count in this graph: public DNS hosting, mail providers and
 * webmail. Counted over a small graph, `ns2.cloudflare.com` stays under --max-shared and joins strangers; in the
 * world it serves millions. A kept list (suffixes of host names and domains), not a guess: what is listed is a hub
 * in every scope. Extend it when a provider shows up in `networks`' evidence across unrelated groups.
 */
const NAME_SERVER_SUFFIXES = [
  'cloudflare.com',
  'nic.ru',
  'nichost.ru',
  'reg.ru',
  'timeweb.ru',
  'timeweb.org',
  'beget.com',
  'beget.pro',
  'beget.ru',
  'yandex.net',
  'yandex.ru',
  'sprinthost.ru',
  'masterhost.ru',
  'jino.ru',
  'hostinger.com',
  'domaincontrol.com',
  'googledomains.com',
  'google.com',
  'awsdns',
  'azure-dns.com',
  'azure-dns.net',
  'digitalocean.com',
  'hetzner.com',
  'ovh.net',
  'selectel.org',
  'netangels.ru',
  'hostland.ru',
  'ihc.ru',
  'r01.ru',
  'ru-center.ru',
];

const MAIL_SERVER_SUFFIXES = [
  'yandex.net',
  'yandex.ru',
  'mail.ru',
  'google.com',
  'googlemail.com',
  'outlook.com',
  'protection.outlook.com',
  'icloud.com',
  'zoho.com',
  'beget.com',
  'timeweb.ru',
  'nic.ru',
  'reg.ru',
  'sprinthost.ru',
  'masterhost.ru',
];

/** Domains of public mailboxes: an e-mail address there (AT_DOMAIN) says nothing about its owner's company. */
const WEBMAIL_DOMAINS = new Set([
  'mail.ru',
  'bk.ru',
  'inbox.ru',
  'list.ru',
  'internet.ru',
  'yandex.ru',
  'ya.ru',
  'yandex.com',
  'narod.ru',
  'rambler.ru',
  'lenta.ru',
  'autorambler.ru',
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'icloud.com',
  'me.com',
  'yahoo.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'qip.ru',
  'ukr.net',
]);

/** Whether `host` is `suffix` or a name under it (`ns2.cloudflare.com` under `cloudflare.com`); `awsdns` anywhere. */
function under(host: string, suffix: string): boolean {
  if (!suffix.includes('.')) return host.split('.').some((label) => label.startsWith(suffix));
  return host === suffix || host.endsWith(`.${suffix}`);
}

/** Whether the identifier is listed public infrastructure: a hub whatever the graph's count. */
export function isPublicInfrastructure(kind: string, key: string): boolean {
  const host = key.toLowerCase().replace(/\.$/, '');
  if (kind === 'nameServer') return NAME_SERVER_SUFFIXES.some((s) => under(host, s));
  if (kind === 'mailServer') return MAIL_SERVER_SUFFIXES.some((s) => under(host, s));
  if (kind === 'domain') return WEBMAIL_DOMAINS.has(host);
  return false;
}

/**
 * The same lists as Cypher parameters, for statements that weigh evidence or walk in the database: a flag rule tests
 * `toLower(x.key) IN $webmailDomains`, the library's walks include cypher/fragments/public-infrastructure.cypher,
 * which applies `under` to $nameServerSuffixes and $mailServerSuffixes, rather than keeping lists of their own.
 */
export function publicInfrastructureParameters(): {
  webmailDomains: string[];
  nameServerSuffixes: string[];
  mailServerSuffixes: string[];
} {
  return {
    webmailDomains: [...WEBMAIL_DOMAINS].sort(),
    nameServerSuffixes: [...NAME_SERVER_SUFFIXES].sort(),
    mailServerSuffixes: [...MAIL_SERVER_SUFFIXES].sort(),
  };
}
