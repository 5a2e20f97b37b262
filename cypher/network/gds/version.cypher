// The Graph Data Science library's version, when the server has it (a server without it fails: no such function).
RETURN gds.version() AS version
