export {
  describeTerms,
  type FilterTerm,
  factsOf,
  matchesFilter,
  type ParsedFilter,
  parseFilter,
  readTerms,
  type ShipmentFacts,
  TERM_KINDS,
  type TermKind,
} from './filter.js';
