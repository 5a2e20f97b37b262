// Drop the projection $graphName from Graph Data Science's catalog; no error when it is gone already.
CALL gds.graph.drop($graphName, false) YIELD graphName
RETURN graphName
