// The "add a step" form: puts a node of a type after another one, with data that passes the service's checks.

export const NODE_TYPES = ['removeBackground', 'resize', 'crop', 'trim', 'pad', 'fill', 'rotate', 'flip', 'grayscale',
  'output', 'imageInput'];

const DEFAULT_DATA = {
  resize: {width: 512, fit: 'contain'},
  crop: {x: 0, y: 0, width: 512, height: 512},
  trim: {padding: 0},
  pad: {width: 1024, height: 1024, background: 'transparent'},
  fill: {color: '#FFFFFF'},
  rotate: {degrees: 90},
  flip: {direction: 'horizontal'},
  output: {format: 'png'},
};

/**
 * Adds a node of `type` to `graph` (changed in place) after the node `afterId`: it takes over that node's outgoing
 * arrows, so a step lands inside a chain. An input starts a new chain. Returns the new node's id.
 */
export function addStep(graph, type, afterId) {
  graph.nodes = Array.isArray(graph.nodes) ? graph.nodes : [];
  graph.edges = Array.isArray(graph.edges) ? graph.edges : [];
  const taken = new Set([...graph.nodes.map(n => n?.id), ...graph.edges.map(e => e?.id)]);
  const fresh = prefix => {
    let n = 1;
    while (taken.has(`${prefix}_${n}`)) n++;
    taken.add(`${prefix}_${n}`);
    return `${prefix}_${n}`;
  };
  const id = fresh(type);
  const after = graph.nodes.find(n => n?.id === afterId);
  const x = after?.position?.x ?? 0;
  graph.nodes.push({id, type, position: {x: x + 250, y: after?.position?.y ?? 0},
    data: structuredClone(DEFAULT_DATA[type] ?? {})});
  if (type !== 'imageInput' && after) {
    for (const edge of graph.edges) if (edge?.source === afterId) edge.source = id;
    graph.edges.push({id: fresh('edge'), source: afterId, target: id});
  }
  return id;
}
