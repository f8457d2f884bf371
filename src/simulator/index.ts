export { createSimulator } from './create-simulator.js';
export { DEMO } from './demo/catalog.js';
export type {
  RecordedRequest,
  RunningSimulator,
  ScriptedFault,
  ScriptedFaultKind,
  Simulator,
  SimulatorOptions,
} from './types.js';
