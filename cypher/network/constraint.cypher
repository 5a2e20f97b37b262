// Networks: one :Network per id (the MERGE of write-networks.cypher finds it by this index). Idempotent.
CREATE CONSTRAINT network_id IF NOT EXISTS FOR (n:Network) REQUIRE n.id IS UNIQUE
