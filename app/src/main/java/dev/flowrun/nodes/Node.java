package dev.flowrun.nodes;

/** A compiled node: its data has been checked and parsed. See the three kinds below. */
public sealed interface Node permits InputNode, TransformNode, OutputNode {
}
