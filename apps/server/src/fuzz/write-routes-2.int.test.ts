import { fuzzWriteRoutes } from './write-routes-suite';

// A third of the contract's routes (write-routes-suite.ts): the three files run side by side.
fuzzWriteRoutes({ index: 1, of: 3 });
