// Resolve, company rules (src/resolve/company-rules.ts): every Company node with a name (fetched records, and
// key-only stubs that an officer entry named), with its numbers and registration address as stored. Names and
// addresses are normalised in src/resolve (names.ts, addressKey), not here. Read only.
MATCH (c:Company)
WHERE c.title IS NOT NULL OR c.shortName IS NOT NULL OR c.fullName IS NOT NULL
RETURN c.id AS id, c.key AS key, c.status AS status, c.title AS title, c.fullName AS fullName,
       c.shortName AS shortName, c.inn AS inn, c.ogrn AS ogrn, c.registrationAddress AS registrationAddress
