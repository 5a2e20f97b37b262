// Marks the data migration $name done (constraint migration_name), for statements that must know it ran.
MERGE (m:Migration {name: $name})
  ON CREATE SET m.doneAt = datetime()
RETURN m.name AS name
