// The interface shared by the levels of the knowledge model: level 0 is the game's reachable world graph
// (world-graph.ts), level k+1 pairs a level-k node with each knowing role's belief set of level-k nodes
// (belief-product.ts). Edges carry the joint move (for match records) and each role's observation (for belief
// updates); nodes are integers numbered in breadth-first discovery order from the initial node 0.

/** The pseudo joint move of a terminal (or dead-end) state's self-loop: the paper's STOP (Definition 6). */
export const STOP_MOVE = -1;

export interface Model {
  readonly level: number;
  /** Nodes discovered so far. */
  readonly size: number;
  /** Computes the node's edges (once) and returns the index of its first edge. */
  expand(node: number): number;
  /** One past the node's last edge (after expand). */
  edgeEnd(node: number): number;
  edgeTarget(edge: number): number;
  /** The level-0 joint move id of the edge, or STOP_MOVE. */
  edgeMove(edge: number): number;
  /** Role r's observation id on the edge: its own move and its percepts, interned. */
  edgeObservation(edge: number, role: number): number;
  /** The node of level `level - 1` this node refines (itself on level 0). */
  baseNode(node: number): number;
  /** The source node of an edge. */
  edgeSource(edge: number): number;
}

/** Expands every node reachable from the initial one. */
export function exploreAll(model: Model): void {
  for (let node = 0; node < model.size; node++) model.expand(node);
}
