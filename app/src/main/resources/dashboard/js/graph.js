// A workflow graph drawn as boxes and arrows (SVG), laid out left to right by distance from the inputs.
// Stored positions are not used: nothing in this service edits them, and a layout from the edges is always legible.

import {h} from './dom.js';

const W = 156;
const H = 56;
const GAP_X = 44;
const GAP_Y = 24;
const PAD = 8;
let drawn = 0;

/** Each node's column (longest path from a node with no incoming edge) and row; nodes on a cycle come last. */
export function layout(graph) {
  const nodes = Array.isArray(graph?.nodes) ? graph.nodes.filter(n => n && typeof n.id === 'string') : [];
  const ids = new Set(nodes.map(n => n.id));
  // An edge without an id is called edge_<n> by the service too (GraphParser), so its errors can be placed.
  const edges = (Array.isArray(graph?.edges) ? graph.edges : [])
    .map((e, i) => (e && typeof e === 'object' ? {...e, id: e.id ?? `edge_${i + 1}`} : null))
    .filter(e => e && ids.has(e.source) && ids.has(e.target));
  const column = new Map(nodes.map(n => [n.id, edges.some(e => e.target === n.id) ? null : 0]));
  // Relaxed as many times as there are nodes: enough for any acyclic graph, and it ends on a cycle too.
  for (let round = 0; round < nodes.length; round++) {
    for (const e of edges) {
      const from = column.get(e.source);
      if (from !== null && (column.get(e.target) === null || column.get(e.target) < from + 1)) {
        column.set(e.target, Math.min(from + 1, nodes.length));
      }
    }
  }
  const last = Math.max(0, ...[...column.values()].filter(c => c !== null)) + 1;
  const rows = new Map();
  const place = new Map();
  for (const n of nodes) {
    const c = column.get(n.id) ?? last;
    const r = rows.get(c) ?? 0;
    rows.set(c, r + 1);
    place.set(n.id, {x: PAD + c * (W + GAP_X), y: PAD + r * (H + GAP_Y)});
  }
  return {nodes, edges, place};
}

/**
 * The SVG of a graph. `faults` ({nodes: Map id→message, edges: Map id→message}) marks the parts a save was
 * refused for. The picture's text alternative lists every step and arrow.
 */
export function drawGraph(graph, title, faults = {nodes: new Map(), edges: new Map()}) {
  const {nodes, edges, place} = layout(graph);
  const id = `graph-${++drawn}`;
  const width = Math.max(...[...place.values()].map(p => p.x + W + PAD), W + 2 * PAD);
  const height = Math.max(...[...place.values()].map(p => p.y + H + PAD), H + 2 * PAD);
  const name = n => (n.data && typeof n.data.label === 'string' && n.data.label) || n.type || n.id;
  const byId = new Map(nodes.map(n => [n.id, n]));
  const description = nodes.length === 0 ? 'No nodes.' : [
    `${nodes.length} nodes: ${nodes.map(n => `${name(n)} (${n.id})`).join(', ')}.`,
    edges.length ? `Arrows: ${edges.map(e => `${name(byId.get(e.source))} to ${name(byId.get(e.target))}`).join('; ')}.` : 'No arrows.',
    ...[...faults.nodes].map(([n, m]) => `Problem at node ${n}: ${m}`),
    ...[...faults.edges].map(([e, m]) => `Problem at edge ${e}: ${m}`),
  ].join(' ');
  return h('svg:svg', {
    class: 'graph', viewBox: `0 0 ${width} ${height}`, width, height, role: 'img',
    'aria-labelledby': `${id}-title ${id}-desc`,
  },
  h('svg:title', {id: `${id}-title`, text: title}),
  h('svg:desc', {id: `${id}-desc`, text: description}),
  h('svg:defs', {}, h('svg:marker', {
    id: `${id}-arrow`, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse',
  }, h('svg:path', {d: 'M0,0 L10,5 L0,10 z', class: 'arrow-head'}))),
  edges.map(e => {
    const a = place.get(e.source);
    const b = place.get(e.target);
    const x1 = a.x + W;
    const y1 = a.y + H / 2;
    const x2 = b.x;
    const y2 = b.y + H / 2;
    const bend = Math.max(24, Math.abs(x2 - x1) / 2);
    return h('svg:path', {
      class: faults.edges.has(e.id) ? 'edge fault' : 'edge', 'data-edge-id': e.id,
      d: `M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}`, 'marker-end': `url(#${id}-arrow)`,
    }, faults.edges.has(e.id) ? h('svg:title', {text: faults.edges.get(e.id)}) : null);
  }),
  nodes.map(n => {
    const p = place.get(n.id);
    const fault = faults.nodes.get(n.id);
    return h('svg:g', {class: fault ? `node fault type-${n.type}` : `node type-${n.type}`, 'data-node-id': n.id,
      transform: `translate(${p.x},${p.y})`},
    fault ? h('svg:title', {text: fault}) : null,
    h('svg:rect', {width: W, height: H, rx: 8}),
    h('svg:text', {x: 12, y: 23, class: 'label', text: clip((fault ? '⚠ ' : '') + name(n), 20)}),
    h('svg:text', {x: 12, y: 42, class: 'sub', text: clip(name(n) === n.type ? n.id : `${n.type} · ${n.id}`, 24)}));
  }));
}

function clip(text, max) {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
