import { embeddedHarness } from '../store/helpers/stores.js';
import { describeWatching } from './watching-contract.js';

describeWatching('embedded store', embeddedHarness);
