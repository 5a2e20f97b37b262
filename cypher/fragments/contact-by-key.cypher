// The phone or e-mail record x of kind $kind named by $key (as written, in lower case, or a number's digits after
// a +) or by its page number $id, found by index seeks on (kind, key) and (kind, id): seeking by kind alone and
// comparing keys read every record of the kind. Rows of x, each record once. Not a statement of its own: a
// statement takes it with the line `// include: contact-by-key`, replaced when the statement is read
// (readCypherFile, src/store/cypher-files.ts).
CALL () {
  UNWIND [$key, toLower(trim($key)), '+' + reduce(digits = '', ch IN split($key, '') |
        digits + CASE WHEN ch IN ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] THEN ch ELSE '' END)] AS key
  MATCH (x:Landing {kind: $kind, key: key})
  RETURN x
  UNION
  MATCH (x:Landing {kind: $kind, id: $id})
  RETURN x
}
