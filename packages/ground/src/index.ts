// Each stage of the grounding layer is one module; add one export line per module.
export {
  type ArgumentDomains,
  computeArgumentDomains,
  Domain,
  type FunctorDomain,
  functorKey,
  MAX_DOMAIN_DEPTH,
} from './domains.js';
