// Where a refused graph is wrong. An invalid_workflow message names the node or edge at fault: the service words it "node 'id'", "edge 'id'" or "graph.nodes[i]". The ids are looked for among the
// graph's own, so an id holding a quote or a space is still found.

/** {nodes: Map id→message, edges: Map id→message, other: message naming neither, or null}. */
export function faultsOf(message, graph) {
  const nodes = new Map();
  const edges = new Map();
  const list = Array.isArray(graph?.nodes) ? graph.nodes : [];
  for (const node of list) {
    if (node && typeof node.id === 'string' && message.includes(`node '${node.id}'`)) nodes.set(node.id, message);
  }
  const indexed = message.match(/graph\.nodes\[(\d+)\]/);
  if (indexed && typeof list[Number(indexed[1])]?.id === 'string') nodes.set(list[Number(indexed[1])].id, message);
  (Array.isArray(graph?.edges) ? graph.edges : []).forEach((edge, i) => {
    const edgeId = edge?.id ?? `edge_${i + 1}`;
    if (message.includes(`edge '${edgeId}'`) || message.includes(`graph.edges[${i}]`)) edges.set(edgeId, message);
  });
  // An edge message also names the nodes it joins ("output node 'x' cannot have outgoing edges"): mark the node,
  // which is drawn even when the edge cannot be.
  return {nodes, edges, other: nodes.size || edges.size ? null : message};
}
