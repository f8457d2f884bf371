export { type RunningService, type ServiceOptions, startService } from './start-service.js';
