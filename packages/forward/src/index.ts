export { createForward, forwardBackend } from './backend.js';
export type { CompileReport, ForwardOptions } from './compile.js';
export { KnowledgeBase } from './knowledge-base.js';
export type { OrderingStrategy } from './ordering.js';
export { ForwardReasoner, type ForwardState } from './reasoner.js';
export {
  makeSlot,
  mixedRadixDecode,
  mixedRadixEncode,
  RelationLayout,
  relationLayouts,
  type Shape,
  type Slot,
} from './relation-ids.js';
