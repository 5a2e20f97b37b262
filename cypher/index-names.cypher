// The names of the indexes the database has: src/store/schema.ts runs a statement of cypher/schema.cypher only when
// the name it creates is not among them, or the name it drops is. A uniqueness constraint owns an index of its own
// name, so its name is here too; a constraint that owned none would be created each time, a no-op (IF NOT EXISTS).
SHOW INDEXES YIELD name
RETURN collect(name) AS names
