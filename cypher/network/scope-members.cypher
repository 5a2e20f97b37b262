// Networks: the records among the nodes whose element ids are $elementIds (the walk of `<seeds> --depth N`) that can
// be network members, by kind, page number and key: `networks <seeds>` lists the networks that hold one, those of the
// seeds ($seedElementIds) first. Read only.
MATCH (m:Landing)
WHERE elementId(m) IN $elementIds AND m.kind IN ['domain', 'company', 'email', 'phone']
RETURN m.kind AS kind, m.id AS id, m.key AS key, elementId(m) IN $seedElementIds AS seed
