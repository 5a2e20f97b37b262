"""Round-trip a GraphML export through networkx, as an analyst's script would: read it, write it back out as
GraphML and GEXF, read both again. Prints one JSON object: the counts at every step, the attributes that are None,
and the attributes (type name and value) of the nodes named on the command line, as networkx read them back.

usage: python3 networkx-roundtrip.py <export.graphml> <out folder> [elementKey ...]
"""
import json
import os
import sys

import networkx as nx


def counts(graph):
    return {"nodes": graph.number_of_nodes(), "edges": graph.number_of_edges()}


def nones(graph):
    found = [f"node {n}.{k}" for n, data in graph.nodes(data=True) for k, v in data.items() if v is None]
    found += [f"edge {u}->{v}.{k}" for u, v, data in graph.edges(data=True) for k, value in data.items() if value is None]
    return found


def attributes_of(graph, element_key):
    for _, data in graph.nodes(data=True):
        if data.get("elementKey") == element_key:
            return {k: [type(v).__name__, v] for k, v in data.items()}
    return None


source, out, keys = sys.argv[1], sys.argv[2], sys.argv[3:]
read = nx.read_graphml(source)
graphml_path = os.path.join(out, "roundtrip.graphml")
gexf_path = os.path.join(out, "roundtrip.gexf")
nx.write_graphml(read, graphml_path)
nx.write_gexf(read, gexf_path)
graphml = nx.read_graphml(graphml_path)
gexf = nx.read_gexf(gexf_path)
print(
    json.dumps(
        {
            "networkx": nx.__version__,
            "read": {**counts(read), "multigraph": read.is_multigraph(), "directed": read.is_directed(), "nones": nones(read)[:10]},
            "graphml": counts(graphml),
            "gexf": counts(gexf),
            "nodes": {key: {"read": attributes_of(read, key), "graphml": attributes_of(graphml, key), "gexf": attributes_of(gexf, key)} for key in keys},
        },
        ensure_ascii=False,
    )
)
