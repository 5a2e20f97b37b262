// Wait until every index (constraints included) is online, at most 300 seconds.
CALL db.awaitIndexes(300)
