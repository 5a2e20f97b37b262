// Networks: when red flags were last computed (`landing-graph flags`), or null when never: networks are ranked
// by their members' flags, and the command says how old they are.
MATCH (f:Flag)
RETURN toString(max(f.computedAt)) AS computedAt
