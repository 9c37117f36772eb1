// The "add a step" form: puts a node of a type after another one, with data that passes the service's checks.

import {CATALOGUE} from './catalogue.js';

/** The types a step may be, inputs last (a step is mostly added inside a chain). Made from the service's catalogue. */
export const NODE_TYPES = [...CATALOGUE.filter(t => t.role !== 'input'), ...CATALOGUE.filter(t => t.role === 'input')]
  .map(t => t.type);

/** What a type does and the fields it takes ({name, rule, required, default?, help}), for the form to show. */
export function describeType(type) {
  return CATALOGUE.find(t => t.type === type) ?? {type, does: '', fields: []};
}

/** The data a new step of `type` starts with: the example of each field that has one (every mandatory one does). */
export function startingData(type) {
  return Object.fromEntries(describeType(type).fields.filter(f => f.example !== undefined)
    .map(f => [f.name, structuredClone(f.example)]));
}

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
    data: startingData(type)});
  if (type !== 'imageInput' && after) {
    for (const edge of graph.edges) if (edge?.source === afterId) edge.source = id;
    graph.edges.push({id: fresh('edge'), source: afterId, target: id});
  }
  return id;
}
