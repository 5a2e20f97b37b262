// The highest internal node id: where a migration that goes through every node by id (lower-case-copies) ends.
MATCH (n)
RETURN max(id(n)) AS lastNodeId
